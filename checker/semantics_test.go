package checker

import (
	"fmt"
	"math/big"
	"math/rand"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/checker/egraph"
	"github.com/rules-cryptopt/rules_cryptopt/checker/symexec"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// probeRegs are the registers a probe's instruction may use: never rdi (out1) or rsp.
var probeRegs = []x86.Reg{x86.RAX, x86.RCX, x86.RDX, x86.RBX, x86.RBP, x86.RSI, x86.R8, x86.R9,
	x86.R10, x86.R11, x86.R12, x86.R13, x86.R14, x86.R15}

// edgeWords are operands next to every carry, sign and shift boundary.
var edgeWords = []uint64{0, 1, 2, 63, 64, 0x7f, 0x80, 0xff, 0x100, 1<<32 - 1, 1 << 32, 1<<63 - 1, 1 << 63,
	1<<63 + 1, ^uint64(0), ^uint64(0) - 1}

// probeInst draws a supported instruction whose register operands avoid rdi and rsp and
// whose memory operands read arg1 (rsi) at aligned offsets; ok is false when the draw
// does not fit (another try is cheap).
func probeInst(rng *rand.Rand) (x86.Inst, bool) {
	in := x86.RandomInst(rng)
	in.Comment = ""
	switch in.Op {
	case x86.RET, x86.PUSH, x86.POP:
		return in, false
	}
	for i, a := range in.Args {
		switch {
		case a.Kind == x86.KindReg && a.Reg.IsGP64():
			in.Args[i].Reg = probeRegs[rng.Intn(len(probeRegs))]
		case a.Kind == x86.KindReg && a.Reg.IsGP32():
			in.Args[i].Reg = probeRegs[rng.Intn(len(probeRegs))].Dword()
		case a.Kind == x86.KindReg && a.Reg.IsGP8():
			if f := a.Reg.Full(); f == x86.RDI || f == x86.RSP {
				return in, false
			}
		case a.Kind == x86.KindMem && in.Op == x86.LEA:
			in.Args[i].Base, in.Args[i].Index = x86.RAX, x86.NoReg
		case a.Kind == x86.KindMem:
			m := x86.M(x86.RSI, int32(8*rng.Intn(4)))
			m.Size = a.Size
			if a.Size == 1 || in.MemSize() == 1 {
				m.Disp += int32(rng.Intn(8))
			}
			in.Args[i] = m
		}
	}
	if in.Validate() != nil {
		return in, false
	}
	for _, a := range in.Args {
		if a.Kind == x86.KindMem && in.Op != x86.LEA && (a.Base != x86.RSI || a.Index != x86.NoReg) {
			return in, false
		}
	}
	return in, true
}

// probe is one instruction after a cmp that defines every flag, followed by stores of
// every register and, through setcc, of each flag.
// The prefix is cmp (CF from a borrow; OF uninterpreted by the executor), or test (CF =
// OF = 0) optionally followed by stc, so that adox and friends see a known OF. A register
// shift count is loaded whole, or (byteCount) into its low byte only.
func probe(in x86.Inst, prefix, count int, byteCount bool) *x86.Program {
	p := &x86.Program{Symbol: "probe"}
	op := map[bool]x86.Opcode{true: x86.CMP, false: x86.TEST}[prefix == 0]
	p.Insts = append(p.Insts, x86.Inst{Op: op, Args: []x86.Operand{x86.R(x86.R12), x86.R(x86.R13)}})
	if prefix == 2 {
		p.Insts = append(p.Insts, x86.Inst{Op: x86.STC})
	}
	// The executor needs constant shift counts (codegen only emits those): load one.
	for i, a := range in.Args {
		last := i == len(in.Args)-1 && (in.Op == x86.SHLX || in.Op == x86.SHRX || in.Op == x86.SARX || in.Op == x86.BZHI)
		if a.Kind == x86.KindReg && (a.Reg == x86.CL || (last && a.Reg.IsGP64())) {
			mov := x86.Inst{Op: x86.MOV, Args: []x86.Operand{x86.R(a.Reg.Full()), x86.I(int64(count))}}
			if byteCount { // "mov dl, 0x2c" as clang sets bzhi's index: the rest of the register is unknown
				mov.Args[0] = x86.R(a.Reg.Full().Byte())
			}
			p.Insts = append(p.Insts, mov)
		}
	}
	p.Insts = append(p.Insts, in)
	for i, r := range probeRegs {
		p.Insts = append(p.Insts, x86.Inst{Op: x86.MOV, Args: []x86.Operand{x86.M(x86.RDI, int32(8*i)), x86.R(r)}})
	}
	return p
}

// flagProbe appends "set<cc> al; movzx rax, al; mov [rdi + off], rax" for each condition.
func flagProbe(p *x86.Program, conds []x86.Cond) {
	for j, c := range conds {
		p.Insts = append(p.Insts,
			x86.Inst{Op: x86.SET, Cond: c, Args: []x86.Operand{x86.R(x86.AL)}},
			x86.Inst{Op: x86.MOVZX, Args: []x86.Operand{x86.R(x86.RAX), x86.R(x86.AL)}},
			x86.Inst{Op: x86.MOV, Args: []x86.Operand{x86.M(x86.RDI, int32(8*(len(probeRegs)+j))), x86.R(x86.RAX)}})
	}
	p.Insts = append(p.Insts, x86.Inst{Op: x86.RET})
}

var probeConds = []x86.Cond{x86.CondC, x86.CondO, x86.CondZ, x86.CondS}

// TestSymexecAgainstEmulator: for every supported instruction, on random and boundary
// operands, the symbolic executor's value of every register and of CF, OF, ZF and SF
// (evaluated on the concrete inputs) equals what the checker's emulator computes. A flag
// the executor leaves undefined or uninterpreted is not compared (any value is allowed).
func TestSymexecAgainstEmulator(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	compared, dword := map[x86.Opcode]int{}, map[x86.Opcode]int{}
	n := 12000
	if testing.Short() {
		n = 3000
	}
	for range n {
		in, ok := probeInst(rng)
		if !ok {
			continue
		}
		// Registers alone (a flag left undefined refuses the whole probe), then each flag.
		for k := -1; k < len(probeConds); k++ {
			p := probe(in, rng.Intn(3), []int{0, 1, 63, 64, 65, 127, rng.Intn(256)}[rng.Intn(7)], rng.Intn(2) == 0)
			if k < 0 {
				flagProbe(p, nil)
			} else {
				flagProbe(p, probeConds[k:k+1])
			}
			if compareProbe(t, p, in, rng) {
				compared[in.Op]++
				if in.Dword() {
					dword[in.Op]++
				}
			}
		}
	}
	compareVectors(t, rng, n/6, compared)
	var ops []string
	for op := x86.Opcode(1); op < x86.NumOpcodes; op++ {
		switch op {
		case x86.RET, x86.PUSH, x86.POP:
			continue
		}
		require.Positive(t, compared[op], "%s was never compared", op)
		ops = append(ops, fmt.Sprintf("%s:%d", op, compared[op]))
	}
	t.Logf("probes compared per opcode: %s", strings.Join(ops, " "))
	for _, op := range []x86.Opcode{x86.MOV, x86.MOVZX, x86.ADD, x86.ADC, x86.SUB, x86.SBB, x86.AND, x86.OR,
		x86.XOR, x86.CMP, x86.LEA, x86.SHL, x86.SHR, x86.SAR} {
		require.Positive(t, dword[op], "the 32-bit form of %s was never compared", op)
	}
}

// compareProbe runs p both ways on one random register file; it reports whether the
// values were compared (false when the executor refuses the probe or leaves a flag open).
func compareProbe(t *testing.T, p *x86.Program, probed x86.Inst, rng *rand.Rand) bool {
	t.Helper()
	nOut := len(probeRegs) + 1 // the flag's slot stays unwritten in a registers-only probe
	g := egraph.New()
	arg := make([]egraph.Id, 4)
	for i := range arg {
		arg[i] = g.Sym(fmt.Sprintf("arg1[%d]", i), egraph.Mask(64))
	}
	arrs := []symexec.Array{{Name: "out1", Limbs: nOut, Base: 1, Output: true}, {Name: "arg1", Limbs: 4, Base: 2, Input: arg}}
	res := symexec.ExecAsm(g, p, arrs)
	if res.Violation != nil {
		return false
	}
	m := &emu{}
	env := map[string]*big.Int{}
	pick := func() uint64 {
		if rng.Intn(2) == 0 {
			return edgeWords[rng.Intn(len(edgeWords))]
		}
		return rng.Uint64() >> uint(rng.Intn(64))
	}
	for r := range m.regs {
		m.regs[r] = pick()
		env[symexec.InitRegName(x86.Reg(r))] = new(big.Int).SetUint64(m.regs[r])
		for l := range m.vec[r] {
			m.vec[r][l] = pick()
			name := symexec.InitRegName(x86.XMM0 + x86.Reg(r))
			if l > 0 {
				name = fmt.Sprintf("%s.%d", symexec.InitRegName(x86.YMM0+x86.Reg(r)), l)
			}
			env[name] = new(big.Int).SetUint64(m.vec[r][l])
		}
	}
	args := make([]uint64, 4)
	for i := range args {
		args[i] = pick()
		env[fmt.Sprintf("arg1[%d]", i)] = new(big.Int).SetUint64(args[i])
	}
	out := make([]byte, 8*nOut)
	m.regions = []region{{addr: outAddr, data: out}, {addr: outAddr + argStride, data: limbBytes(args), ro: true},
		{addr: stackTop - stackSize, data: make([]byte, stackSize+8)}}
	m.regs[x86.RDI], m.regs[x86.RSI], m.regs[x86.RSP] = outAddr, outAddr+argStride, stackTop
	env["address(1+0)"] = new(big.Int).SetUint64(outAddr)
	env["address(2+0)"] = new(big.Int).SetUint64(outAddr + argStride)
	env["init_rsi"], env["init_rdi"] = env["address(2+0)"], env["address(1+0)"]
	if err := m.run(p); err != nil {
		// Only a count-0 shift of an input array gets here: the executor sees no write.
		require.Contains(t, err.Error(), "read-only", "%s", probed)
		return false
	}
	got := bytesLimbs(out)
	for i := range nOut {
		v, ok := res.Load(1, int64(8*i))
		if !ok {
			continue
		}
		if v.Ptr {
			continue // rsi still the pointer: the executor tracks it as one
		}
		want, err := g.Eval(v.Id, env)
		if err != nil {
			require.Contains(t, err.Error(), "uninterpreted of_", "only OF may be uninterpreted")
			continue // depends on an uninterpreted OF (cmp's, imul's): any value is allowed
		}
		what := "the flag"
		if i < len(probeRegs) {
			what = probeRegs[i].String()
		}
		require.True(t, want.IsUint64() && want.Uint64() == got[i],
			"%s: %s: symexec %#x, emulator %#x (regs %#x)", probed, what, want, got[i], m.regs)
	}
	return true
}
