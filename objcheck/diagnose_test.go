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
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// TestDiagMissed is a diagnostic, not a check (it skips unless CRYPTOPT_DIAG_OBJ names an
// object and CRYPTOPT_DIAG_FN its catalogue function, e.g. p256_mul): it lists the word
// classes the object computes whose value equals an IR value's on 10 random and boundary
// inputs but whose E-graph class differs, earliest instruction first: the first
// normal forms the rules fail to join (docs/checker.md, "Branch h-mont").
// Equal values on samples are no proof: a rarely differing carry shows up too.
// CRYPTOPT_DIAG_ALL=1 lists non-minimal ones too, CRYPTOPT_DIAG_DEPTH sets the print depth,
// CRYPTOPT_DIAG_MAX the number listed (12), CRYPTOPT_DIAG_SKIP rules to leave out
// (space-separated names, as the checker's attempts do; every rule by default).
// A custom prime: CRYPTOPT_DIAG_FN=custom_square with CRYPTOPT_DIAG_PRIME=0xffffffffffffffffffffffffffffffffffffffffffffff13,
// CRYPTOPT_DIAG_METHOD=saturated-solinas, CRYPTOPT_DIAG_LIMBS=3 (and
// CRYPTOPT_DIAG_SYMBOL when the object holds other symbols too).
func TestDiagMissed(t *testing.T) {
	path, name := os.Getenv("CRYPTOPT_DIAG_OBJ"), os.Getenv("CRYPTOPT_DIAG_FN")
	if path == "" {
		t.Skip("a diagnostic: set CRYPTOPT_DIAG_OBJ and CRYPTOPT_DIAG_FN")
	}
	d := newDiag(t, path, name)
	ms := d.misses()
	if os.Getenv("CRYPTOPT_DIAG_ALL") == "" {
		ms = d.minimal(ms)
	}
	depth := 3
	if v := os.Getenv("CRYPTOPT_DIAG_DEPTH"); v != "" {
		_, err := fmt.Sscan(v, &depth)
		require.NoError(t, err)
	}
	g := d.g
	for _, m := range ms[:min(len(ms), envInt("CRYPTOPT_DIAG_MAX", 12))] {
		fmt.Printf("#%d %s\n  IR %s = %s\n  ASM %s\n", m.inst+1, d.prog.Insts[m.inst], d.irName[m.irc], g.Format(m.irc, depth), g.Format(m.a, depth))
		if x, y := narrowPair(g, m.irc, m.a); x != m.irc {
			fmt.Printf("  narrowed IR  %s\n  narrowed ASM %s\n", g.Format(x, depth), g.Format(y, depth))
		}
	}
	fmt.Printf("missed: %d; outputs equal:", len(ms))
	for i, want := range d.ir.Outputs[0] {
		v, _ := d.asm.Load(d.arrs[0].Base, int64(8*i))
		fmt.Printf(" %v", g.Find(v.Id) == g.Find(want))
	}
	fmt.Println()
	// An output that differs although no intermediate value was missed: print where its
	// two terms part.
	for i, want := range d.ir.Outputs[0] {
		v, _ := d.asm.Load(d.arrs[0].Base, int64(8*i))
		if g.Find(v.Id) != g.Find(want) {
			x, y := narrowPair(g, want, v.Id)
			fmt.Printf("out1[%d]\n  narrowed IR  %s\n  narrowed ASM %s\n", i, g.Format(x, depth), g.Format(y, depth))
		}
	}
}

// diag holds both sides of one object's proof and the sampled values of its classes.
type diag struct {
	g      *egraph.EGraph
	prog   *x86.Program
	ir     *symexec.IRResult
	asm    *symexec.AsmResult
	arrs   []symexec.Array
	envs   []map[string]*big.Int
	memos  []map[egraph.Id]*big.Int
	irByFP map[string]egraph.Id
	irName map[egraph.Id]string
}

// miss is an object class (a) equal in value to the IR class irc, made by instruction inst.
type miss struct {
	inst   int
	a, irc egraph.Id
}

func newDiag(t *testing.T, path, name string) *diag {
	f, op, _ := strings.Cut(name, "_")
	if i := strings.LastIndex(name, "_"); i > len(f) {
		f, op = name[:i], name[i+1:] // secp256k1_montgomery_mul and the like
	}
	F, err := diagField(f)
	require.NoError(t, err)
	fn, err := F.Func(op)
	require.NoError(t, err)
	ld, err := LoadObject(path, os.Getenv("CRYPTOPT_DIAG_SYMBOL"), "")
	require.NoError(t, err)
	d := &diag{g: egraph.NewWithout(strings.Fields(os.Getenv("CRYPTOPT_DIAG_SKIP"))...), prog: ld.Program, irByFP: map[string]egraph.Id{}, irName: map[egraph.Id]string{}}
	d.ir, err = symexec.ExecIR(d.g, fn)
	require.NoError(t, err)
	d.arrs, err = symexec.Layout(fn, symexec.InputSyms(d.g, fn), false)
	require.NoError(t, err)
	d.asm = symexec.ExecAsm(d.g, ld.Program, d.arrs)
	require.Nil(t, d.asm.Violation)
	d.sample(10)
	for v, id := range d.ir.Values {
		id = d.g.Find(id)
		if k, ok := d.fingerprint(id); ok {
			if _, seen := d.irByFP[k]; !seen {
				d.irByFP[k], d.irName[id] = id, fn.Values[v].Name
			}
		}
	}
	return d
}

// diagField is the catalogue field f, or the custom prime of CRYPTOPT_DIAG_PRIME when f
// is "custom".
func diagField(f string) (fields.Field, error) {
	if f != "custom" {
		return fields.Lookup(f)
	}
	p, ok := new(big.Int).SetString(os.Getenv("CRYPTOPT_DIAG_PRIME"), 0)
	if !ok {
		return fields.Field{}, fmt.Errorf("CRYPTOPT_DIAG_PRIME %q: want a decimal or 0x hex prime", os.Getenv("CRYPTOPT_DIAG_PRIME"))
	}
	return fields.Custom(p, os.Getenv("CRYPTOPT_DIAG_METHOD"), envInt("CRYPTOPT_DIAG_LIMBS", 0))
}

// sample draws n environments: random words, words near 2^64, small words, and words
// with the high half set, so that carries and truncations differ.
func (d *diag) sample(n int) {
	rng := rand.New(rand.NewSource(7))
	for k := range n {
		env := map[string]*big.Int{}
		for i := range d.g.Len() {
			nd := d.g.Node(egraph.Id(i))
			if nd.Op != egraph.OpSym {
				continue
			}
			v := new(big.Int).SetUint64(rng.Uint64())
			switch k {
			case 1:
				v.SetUint64(^uint64(0) - uint64(rng.Intn(1<<20)))
			case 2:
				v.SetUint64(uint64(rng.Intn(1 << 20)))
			case 3:
				v.SetUint64(rng.Uint64() | 0xffffffff00000000)
			}
			if ub := nd.Val.Big(); v.Cmp(ub) > 0 {
				v.Rand(rng, new(big.Int).Add(ub, big.NewInt(1)))
			}
			env[nd.Name] = v
		}
		d.envs = append(d.envs, env)
		d.memos = append(d.memos, map[egraph.Id]*big.Int{})
	}
}

// fingerprint is id's values in the sampled environments (false: uninterpreted).
func (d *diag) fingerprint(id egraph.Id) (string, bool) {
	var b strings.Builder
	for i := range d.envs {
		v, err := d.g.EvalMemo(id, d.envs[i], d.memos[i])
		if err != nil {
			return "", false
		}
		b.WriteString(v.Text(16) + ",")
	}
	return b.String(), true
}

// misses lists the object's non-constant classes that equal an IR value on every sample
// but are not its class, earliest instruction first.
func (d *diag) misses() []miss {
	var ms []miss
	seen := map[egraph.Id]bool{}
	for id, inst := range d.asm.Creator {
		id = d.g.Find(id)
		if seen[id] {
			continue
		}
		seen[id] = true
		if _, isConst := d.g.ConstVal(id); isConst {
			continue
		}
		if k, ok := d.fingerprint(id); ok {
			if ic, ok := d.irByFP[k]; ok && ic != id {
				ms = append(ms, miss{inst, id, ic})
			}
		}
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].inst < ms[j].inst })
	return ms
}

// minimal keeps the misses that are words (truncations, complements, selects, bit
// operations) wider than 32 bits with no miss below them.
func (d *diag) minimal(ms []miss) []miss {
	missSet := map[egraph.Id]bool{}
	for _, m := range ms {
		missSet[m.a] = true
	}
	var out []miss
	for _, m := range ms {
		n := d.g.Node(m.a)
		word := n.Op == egraph.OpMod || n.Op == egraph.OpNot || n.Op == egraph.OpSelect ||
			n.Op == egraph.OpAnd || n.Op == egraph.OpOr || n.Op == egraph.OpXor
		if !word || d.g.UB(m.a).Cmp(egraph.W(1<<32)) <= 0 {
			continue
		}
		below := false
		for _, a := range n.Args {
			below = below || d.missBelow(a, missSet, map[egraph.Id]bool{})
		}
		if !below {
			out = append(out, m)
		}
	}
	return out
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

// missBelow reports whether id or a class below it is a miss (seen: classes done).
func (d *diag) missBelow(id egraph.Id, missSet, seen map[egraph.Id]bool) bool {
	id = d.g.Find(id)
	if seen[id] {
		return false
	}
	seen[id] = true
	if missSet[id] {
		return true
	}
	for _, a := range d.g.Node(id).Args {
		if d.missBelow(a, missSet, seen) {
			return true
		}
	}
	return false
}
