package x86

import (
	"fmt"
	"math"
	"math/rand"
)

// RandomProgram returns a valid program of n random instructions drawn uniformly over the
// opcodes and their operand forms, with edge-case displacements and immediates (disp8/disp32
// boundaries, rsp/rbp/r12/r13 bases, imm32 limits, 64-bit constants) and occasional comments.
// It is meant for tests and fuzzing (round trips, encoder vs GNU as, checker robustness).
func RandomProgram(rng *rand.Rand, n int) *Program {
	p := &Program{Symbol: "f", Header: []string{"random program", fmt.Sprintf("%d instructions", n)}}
	p.Insts = make([]Inst, 0, n)
	for len(p.Insts) < n {
		p.Insts = append(p.Insts, RandomInst(rng))
	}
	return p
}

// RandomInst returns one random valid instruction (see RandomProgram).
func RandomInst(rng *rand.Rand) Inst {
	op := Opcode(1 + rng.Intn(int(FirstVector)-1)) // the vector forms: compiler code only
	fs := opTable[op].forms
	f := fs[rng.Intn(len(fs))]
	in := Inst{Op: op}
	if op == CMOV || op == SET {
		in.Cond = Cond(rng.Intn(16))
	}
	for _, c := range f {
		in.Args = append(in.Args, randomOperand(rng, c))
	}
	if len(f) == 2 && f[0] == cM8 && f[1] == cImm8 {
		in.Args[0].Size = 1 // "add byte [m], imm": only the operand says byte
	}
	if op == XCHG && in.Args[0] == R(RAX) && in.Args[1] == R(RAX) {
		in.Args[1] = R(RCX) // GNU as writes xchg rax, rax as nop (90), NASM as 48 90
	}
	if rng.Intn(3) == 0 {
		in.Comment = fmt.Sprintf("x%d <- x%d * arg1[%d]", rng.Intn(200), rng.Intn(200), rng.Intn(8))
	}
	return in
}

// EveryForm returns n random instances of every operand form of every opcode (conditions
// cycling through all 16 for cmov and setCC), for encoder and decoder tests. The vector
// opcodes are left out: compiler code only, tested on their own (x86/decode).
func EveryForm(rng *rand.Rand, n int) []Inst {
	var out []Inst
	for op := MOV; op < FirstVector; op++ {
		for _, f := range opTable[op].forms {
			for k := range n {
				in := Inst{Op: op}
				if op == CMOV || op == SET {
					in.Cond = Cond(k % 16)
				}
				for _, c := range f {
					in.Args = append(in.Args, randomOperand(rng, c))
				}
				out = append(out, in)
			}
		}
	}
	return out
}

func randomOperand(rng *rand.Rand, c class) Operand {
	switch c {
	case cR64:
		return R(Reg(rng.Intn(16)))
	case cR8:
		return R(Reg(16 + rng.Intn(16)))
	case cR32:
		return R(EAX + Reg(rng.Intn(16)))
	case cCL:
		return R(CL)
	case cXMM:
		return R(XMM0 + Reg(rng.Intn(16)))
	case cM64, cM8:
		return M(Reg(rng.Intn(16)), randomDisp(rng))
	case cAddr:
		if rng.Intn(2) == 0 {
			return M(Reg(rng.Intn(16)), randomDisp(rng))
		}
		idx := Reg(rng.Intn(15))
		if idx >= RSP {
			idx++ // rsp cannot be an index
		}
		if rng.Intn(8) == 0 {
			return MI(NoReg, idx, []uint8{2, 4, 8}[rng.Intn(3)], randomDisp(rng)) // [index*scale]
		}
		return MI(Reg(rng.Intn(16)), idx, []uint8{1, 2, 4, 8}[rng.Intn(4)], randomDisp(rng))
	case cImm8:
		return I(int64(rng.Intn(256)))
	case cImm32:
		return I(pick(rng, []int64{0, 1, -1, 0x26, 127, 128, -128, -129, math.MaxInt32, math.MinInt32,
			int64(int32(rng.Uint32()))}))
	}
	return I(pick(rng, []int64{0, -1, -2, math.MaxInt32, math.MaxInt32 + 1, math.MaxUint32,
		math.MinInt32, math.MinInt32 - 1, math.MinInt64, math.MaxInt64, -0xffffffff,
		int64(rng.Uint64())}))
}

func randomDisp(rng *rand.Rand) int32 {
	return int32(pick(rng, []int64{0, 8, -8, 0x48, -0x48, 127, 128, -128, -129,
		8 * int64(rng.Intn(64)), math.MaxInt32, math.MinInt32, int64(int32(rng.Uint32()))}))
}

func pick(rng *rand.Rand, vs []int64) int64 { return vs[rng.Intn(len(vs))] }

// RandomVector returns one random instruction of the vector forms (the legacy movq
// xmm, r64 among them, for its different zeroing) over vector registers 0..nvec-1,
// general-purpose registers from gp and memory [rsi + 8k], k < 4: the probes that compare
// the checker's lane semantics with its emulator and the CPU.
func RandomVector(rng *rand.Rand, gp []Reg, nvec int) Inst {
	v := func() Reg { return Reg(rng.Intn(nvec)) }
	x, y := func() Operand { return R(XMM0 + v()) }, func() Operand { return R(YMM0 + v()) }
	switch rng.Intn(8) {
	case 0:
		return Inst{Op: VMOVQ, Args: []Operand{x(), R(gp[rng.Intn(len(gp))])}}
	case 1:
		return Inst{Op: VMOVQ, Args: []Operand{x(), M(RSI, int32(8*rng.Intn(4)))}}
	case 2:
		return Inst{Op: VPUNPCKLQDQ, Args: []Operand{x(), x(), x()}}
	case 3:
		return Inst{Op: VINSERTI128, Args: []Operand{y(), y(), x(), I(int64(rng.Intn(2)))}}
	case 4:
		return Inst{Op: VPBROADCASTQ, Args: []Operand{y(), C(uint64(pick(rng, []int64{0, -1, 1<<58 - 1, 1<<52 - 1,
			int64(rng.Uint64())})))}}
	case 5:
		return Inst{Op: VPAND, Args: []Operand{y(), y(), y()}}
	case 6:
		return Inst{Op: VZEROUPPER}
	}
	return Inst{Op: MOVQ, Args: []Operand{x(), R(gp[rng.Intn(len(gp))])}}
}
