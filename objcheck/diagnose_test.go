package objcheck

import (
	"fmt"
	"math/big"
	"math/rand"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/checker/egraph"
	"github.com/rules-cryptopt/rules_cryptopt/checker/symexec"
	"github.com/rules-cryptopt/rules_cryptopt/fields"
)

// TestDiagMissed is a diagnostic, not a check (it skips unless CRYPTOPT_DIAG_OBJ names an
// object and CRYPTOPT_DIAG_FN its catalogue function, e.g. p256_mul): it lists the word
// classes the object computes whose value equals an IR value's on 10 random and boundary
// inputs but whose E-graph class differs, earliest instruction first: the first
// normal forms the rules fail to join (docs/checker.md, "Montgomery final reductions").
// Equal values on samples are no proof: a rarely differing carry shows up too.
// CRYPTOPT_DIAG_ALL=1 lists non-minimal ones, CRYPTOPT_DIAG_DEPTH the print depth.
func TestDiagMissed(t *testing.T) {
	path, name := os.Getenv("CRYPTOPT_DIAG_OBJ"), os.Getenv("CRYPTOPT_DIAG_FN")
	if path == "" {
		t.Skip()
	}
	f, op, _ := strings.Cut(name, "_")
	if strings.HasPrefix(name, "secp256k1_montgomery") || strings.HasPrefix(name, "curve25519_solinas") || strings.HasPrefix(name, "p448_") {
		i := strings.LastIndex(name, "_")
		f, op = name[:i], name[i+1:]
	}
	F, err := fields.Lookup(f)
	require.NoError(t, err)
	fn, err := F.Func(op)
	require.NoError(t, err)
	ld, err := LoadObject(path, "", "")
	require.NoError(t, err)
	var g *egraph.EGraph
	if os.Getenv("CRYPTOPT_DIAG_NOCARRY") != "" {
		g = egraph.NewWithout("add-carry-mod")
	} else {
		g = egraph.New()
	}
	irRes, err := symexec.ExecIR(g, fn)
	require.NoError(t, err)
	arrs, err := symexec.Layout(fn, symexec.InputSyms(g, fn), false)
	require.NoError(t, err)
	asm := symexec.ExecAsm(g, ld.Program, arrs)
	require.Nil(t, asm.Violation)
	rng := rand.New(rand.NewSource(7))
	const nenv = 10
	var envs []map[string]*big.Int
	var memos []map[egraph.Id]*big.Int
	for range nenv {
		env := map[string]*big.Int{}
		for i := range g.Len() {
			if n := g.Node(egraph.Id(i)); n.Op == egraph.OpSym {
				v := new(big.Int).SetUint64(rng.Uint64())
				switch len(envs) {
				case 1:
					v.SetUint64(^uint64(0) - uint64(rng.Intn(1<<20)))
				case 2:
					v.SetUint64(uint64(rng.Intn(1 << 20)))
				case 3:
					v.SetUint64(rng.Uint64() | 0xffffffff00000000)
				}
				if ub := n.Val.Big(); v.Cmp(ub) > 0 {
					v.Rand(rand.New(rand.NewSource(rng.Int63())), new(big.Int).Add(ub, big.NewInt(1)))
				}
				env[n.Name] = v
			}
		}
		envs = append(envs, env)
		memos = append(memos, map[egraph.Id]*big.Int{})
	}
	fp := func(id egraph.Id) (string, bool) {
		var b strings.Builder
		for i := range envs {
			v, err := g.EvalMemo(id, envs[i], memos[i])
			if err != nil {
				return "", false
			}
			b.WriteString(v.Text(16) + ",")
		}
		return b.String(), true
	}
	irByFP := map[string]egraph.Id{}
	irName := map[egraph.Id]string{}
	for v, id := range irRes.Values {
		id = g.Find(id)
		if k, ok := fp(id); ok {
			if _, seen := irByFP[k]; !seen {
				irByFP[k] = id
				irName[id] = fn.Values[v].Name
			}
		}
	}
	type miss struct {
		inst   int
		a, irc egraph.Id
	}
	var ms []miss
	seen := map[egraph.Id]bool{}
	for id, inst := range asm.Creator {
		id = g.Find(id)
		if seen[id] {
			continue
		}
		seen[id] = true
		k, ok := fp(id)
		if !ok {
			continue
		}
		if ic, ok := irByFP[k]; ok && ic != id {
			if _, isConst := g.ConstVal(id); isConst {
				continue
			}
			ms = append(ms, miss{inst, id, ic})
		}
	}
	missSet := map[egraph.Id]bool{}
	for _, m := range ms {
		missSet[m.a] = true
	}
	var minimal []miss
	for _, m := range ms {
		below := false
		for _, a := range g.Node(m.a).Args {
			for id := range reachIds(g, a) {
				if missSet[id] {
					below = true
				}
			}
		}
		op := g.Node(m.a).Op
		word := op == egraph.OpMod || op == egraph.OpNot || op == egraph.OpSelect || op == egraph.OpAnd || op == egraph.OpOr || op == egraph.OpXor
		if (!below || os.Getenv("CRYPTOPT_DIAG_ALL") != "") && word && g.UB(m.a).Cmp(egraph.W(1<<32)) > 0 {
			minimal = append(minimal, m)
		}
	}
	ms = minimal
	sort.Slice(ms, func(i, j int) bool { return ms[i].inst < ms[j].inst })
	depth := 3
	if d := os.Getenv("CRYPTOPT_DIAG_DEPTH"); d != "" {
		fmt.Sscan(d, &depth)
	}
	for i, m := range ms {
		if i >= 12 {
			break
		}
		fmt.Printf("#%d %s\n  IR %s = %s\n  ASM %s\n", m.inst+1, ld.Program.Insts[m.inst], irName[m.irc], g.Format(m.irc, depth), g.Format(m.a, depth))
		if x, y := narrowPair(g, m.irc, m.a); x != m.irc {
			fmt.Printf("  narrowed IR  %s\n  narrowed ASM %s\n", g.Format(x, depth), g.Format(y, depth))
		}
	}
	fmt.Printf("missed: %d; outputs equal: ", len(ms))
	for i, want := range irRes.Outputs[0] {
		v, _ := asm.Load(arrs[0].Base, int64(8*i))
		fmt.Printf("%v ", g.Find(v.Id) == g.Find(want))
	}
	fmt.Println()
}

func reachIds(g *egraph.EGraph, root egraph.Id) map[egraph.Id]bool {
	seen := map[egraph.Id]bool{}
	stack := []egraph.Id{root}
	for len(stack) > 0 {
		id := g.Find(stack[len(stack)-1])
		stack = stack[:len(stack)-1]
		if seen[id] {
			continue
		}
		seen[id] = true
		stack = append(stack, g.Node(id).Args...)
	}
	return seen
}

// narrowPair descends from two differing terms while they have one operator and differ
// in one operand only (checker's narrow, for sums by term).
func narrowPair(g *egraph.EGraph, a, b egraph.Id) (egraph.Id, egraph.Id) {
	for range 64 {
		na, nb := g.Node(a), g.Node(b)
		if na.Op != nb.Op || na.K != nb.K || na.Val != nb.Val {
			return a, b
		}
		ta, tb := map[egraph.Id]egraph.U128{}, map[egraph.Id]egraph.U128{}
		for i, x := range na.Args {
			ta[g.Find(x)] = coefAt(na, i)
		}
		for i, x := range nb.Args {
			tb[g.Find(x)] = coefAt(nb, i)
		}
		var onlyA, onlyB []egraph.Id
		for x, c := range ta {
			if tb[x] != c {
				onlyA = append(onlyA, x)
			}
		}
		for x, c := range tb {
			if ta[x] != c {
				onlyB = append(onlyB, x)
			}
		}
		if len(onlyA) != 1 || len(onlyB) != 1 {
			return a, b
		}
		a, b = onlyA[0], onlyB[0]
	}
	return a, b
}

func coefAt(n egraph.Node, i int) egraph.U128 {
	if n.Coef == nil {
		return egraph.W(1)
	}
	return n.Coef[i]
}
