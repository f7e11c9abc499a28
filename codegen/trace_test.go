package codegen_test

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// evalAll evaluates every value of a machine-form function.
func evalAll(f *ir.Func, args [][]uint64) map[string]uint64 {
	val := make([]uint64, len(f.Values))
	for i, p := range f.Params {
		for j, v := range p.Limbs {
			val[v] = args[i][j]
		}
	}
	get := func(a ir.Arg) uint64 {
		if a.IsConst {
			return a.Imm
		}
		return val[a.Val]
	}
	for _, in := range f.Body {
		a := make([]uint64, len(in.Args))
		for i, x := range in.Args {
			a[i] = get(x)
		}
		r := in.Results
		switch in.Op {
		case ir.OpMulx:
			val[r[1]], val[r[0]] = bits.Mul64(a[0], a[1])
		case ir.OpAddCarryx:
			val[r[0]], val[r[1]] = bits.Add64(a[1], a[2], a[0])
		case ir.OpSubBorrowx:
			val[r[0]], val[r[1]] = bits.Sub64(a[1], a[2], a[0])
		case ir.OpAdd:
			val[r[0]] = a[0] + a[1]
		case ir.OpSub:
			val[r[0]] = a[0] - a[1]
		case ir.OpMul:
			val[r[0]] = a[0] * a[1]
		case ir.OpAnd:
			val[r[0]] = a[0] & a[1]
		case ir.OpOr:
			val[r[0]] = a[0] | a[1]
		case ir.OpNot:
			val[r[0]] = ^a[0]
		case ir.OpShr:
			val[r[0]] = a[0] >> a[1]
		case ir.OpShl:
			val[r[0]] = a[0] << a[1]
		case ir.OpShrd:
			val[r[0]] = a[0]>>a[2] | a[1]<<(64-a[2])
		case ir.OpCmovznz:
			val[r[0]] = a[1]
			if a[0] != 0 {
				val[r[0]] = a[2]
			}
		case ir.OpCast:
			val[r[0]] = a[0]
			if f.TypeOf(r[0]) == ir.U1 {
				val[r[0]] = a[0] & 1
			}
		case ir.OpLNot:
			val[r[0]] = 0
			if a[0] == 0 {
				val[r[0]] = 1
			}
		}
	}
	m := map[string]uint64{}
	for i, v := range f.Values {
		m[v.Name] = val[i]
	}
	return m
}

// traceEmu runs prog and reports the first main instruction whose destination differs.
func traceEmu(f *ir.Func, prog *x86.Program, args [][]uint64) string {
	want := evalAll(f, args)
	e := &emu{mem: map[uint64]uint64{}, inited: map[uint64]bool{}}
	bases := []uint64{emuArg1, emuArg2}
	for i, a := range args {
		for j, w := range a {
			e.mem[bases[i]+8*uint64(j)] = w
		}
	}
	e.out, e.nout = emuOut, uint64(len(f.Rets[0].Limbs))
	for j := 0; j < int(e.nout); j++ {
		e.mem[emuOut+8*uint64(j)] = 0
	}
	e.r[x86.RDI], e.r[x86.RSI], e.r[x86.RDX], e.r[x86.RSP] = emuOut, emuArg1, emuArg2, emuRSP
	e.lo, e.hi = emuRSP-4096, emuRSP
	for i, in := range prog.Insts {
		if err := e.step(in); err != nil {
			return fmt.Sprintf("inst %d: %v", i, err)
		}
		lhs, _, ok := strings.Cut(in.Comment, " = ")
		if !ok || strings.HasPrefix(in.Comment, "CF") {
			continue
		}
		names := strings.Split(lhs, ", ")
		regs := []x86.Operand{in.Args[0]}
		if in.Op == x86.MULX {
			regs = []x86.Operand{in.Args[1], in.Args[0]}
		}
		for k, n := range names {
			if k >= len(regs) || regs[k].Kind != x86.KindReg {
				continue
			}
			got, _ := e.load(regs[k])
			if w, ok := want[n]; ok && got != w && !(regs[0].Reg == regs[len(regs)-1].Reg && k == 0 && len(regs) == 2) {
				return fmt.Sprintf("inst %d %s # %s: %s = %#x want %#x", i, in.String(), in.Comment, n, got, w)
			}
		}
	}
	return "no divergence"
}
