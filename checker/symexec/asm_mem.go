package symexec

import (
	"fmt"

	"github.com/rules-cryptopt/rules_cryptopt/checker/egraph"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// address resolves a memory operand to a region and offset: every address must be a
// constant offset from an argument pointer or rsp.
func (x *asmExec) address(o x86.Operand) (memKey, bool) {
	if o.Index != x86.NoReg || !o.Base.IsGP64() {
		x.violate("address is not a constant offset from a pointer argument or rsp")
		return memKey{}, false
	}
	b := x.regs[o.Base]
	if !b.Ptr {
		x.violate("address base %s does not hold a pointer argument or rsp", o.Base)
		// An argument register the function does not have, still as at entry: the
		// program was written for a function of more arguments (the wrong one).
		for _, r := range ArgRegs[len(x.arrs):] {
			if r == o.Base && x.bad.Inst == x.inst && b.Id == x.g.Sym(InitRegName(r), egraph.Mask(64)) {
				x.bad.What = fmt.Sprintf("addresses memory through %s, an argument the function does not have", r)
				x.bad.Shape = true
			}
		}
		return memKey{}, false
	}
	return memKey{b.Base, b.Off + int64(o.Disp)}, true
}

// check validates an access of size bytes at k.
func (x *asmExec) check(k memKey, size int64, write bool) bool {
	if k.base == StackBase {
		rsp := x.regs[x86.RSP]
		switch {
		case !rsp.Ptr || rsp.Base != StackBase:
			x.violate("stack access while rsp does not point into the stack")
		case k.off+size > 0:
			x.violate("accesses the caller's stack at rsp%+d", k.off)
		case k.off < rsp.Off-RedZone:
			x.violate("accesses the stack at rsp%+d, below the red zone", k.off)
		default:
			return true
		}
		return false
	}
	a := x.arrayOf(k.base, write)
	if k.off < 0 || k.off+size > int64(8*a.Limbs) {
		x.violate("accesses %s at byte offset %d, outside %s[0..%d)", a.Name, k.off, a.Name, a.Limbs)
		// A read beyond the end: the program was written for longer arrays (another
		// field). A write there stays a failed proof: it is what a wrong program does.
		x.bad.Shape = x.bad.Inst == x.inst && !write && k.off >= int64(8*a.Limbs)
		return false
	}
	if write && !a.Output {
		x.violate("writes to the input array %s", a.Name)
		return false
	}
	return true
}

// arrayOf is the array of a region: for a shared region, the output when writing.
func (x *asmExec) arrayOf(base int, write bool) Array {
	var found Array
	for _, a := range x.arrs {
		if a.Base == base && (found.Name == "" || a.Output == write) {
			found = a
		}
	}
	return found
}

// load reads the 8-byte cell at k (k.off a multiple of 8).
func (x *asmExec) loadCell(k memKey) Val {
	if k.base == StackBase {
		x.checkReleased(k.off)
	}
	if v, ok := x.mem[k]; ok {
		return v
	}
	if k.base == StackBase {
		return Val{Id: x.g.Sym(fmt.Sprintf("stack[%d]", k.off), egraph.Mask(64))}
	}
	a := x.arrayOf(k.base, false)
	if a.Input != nil && x.outAt[k.off] && x.res.LateRead == 0 {
		x.res.LateRead = x.inst + 1
	}
	if a.Input == nil {
		x.violate("reads %s[%d] before writing it", a.Name, k.off/8)
		return Val{Id: x.g.Word(0)}
	}
	return Val{Id: a.Input[k.off/8]}
}

func (x *asmExec) load(o x86.Operand, size int64) Val {
	k, ok := x.address(o)
	if !ok || !x.check(k, size, false) {
		return Val{Id: x.g.Word(0)}
	}
	cell := memKey{k.base, k.off &^ 7}
	if size == 8 {
		if k.off&7 != 0 {
			x.violate("unaligned 8-byte access at offset %d", k.off)
		}
		return x.loadCell(cell)
	}
	v := x.loadCell(cell)
	return x.value(x.g.Mod(x.g.Shr(x.word(v), int(8*(k.off&7))), 8))
}

func (x *asmExec) store(o x86.Operand, size int64, v Val) {
	k, ok := x.address(o)
	if !ok || !x.check(k, size, true) {
		return
	}
	cell := memKey{k.base, k.off &^ 7}
	if k.base != StackBase && x.arrayOf(k.base, true).Output {
		x.outAt[cell.off] = true
	}
	if size == 8 {
		if k.off&7 != 0 {
			x.violate("unaligned 8-byte access at offset %d", k.off)
		}
		x.mem[cell] = v
		x.rewritten(cell)
		return
	}
	old := x.word(x.loadCell(cell))
	x.mem[cell] = x.value(setByte(x.g, old, int(k.off&7), x.word(v)))
	x.rewritten(cell)
}

// setByte replaces byte i of old with b.
func setByte(g *egraph.EGraph, old egraph.Id, i int, b egraph.Id) egraph.Id {
	lo := 8 * i
	return g.Sum(egraph.U128{},
		egraph.Term{Id: g.Mod(old, lo), Coef: egraph.W(1)},
		egraph.Term{Id: g.Mod(b, 8), Coef: egraph.Pow2(lo)},
		egraph.Term{Id: g.Shr(old, lo+8), Coef: egraph.Pow2(lo + 8)})
}

// read is an operand's value (byte operands zero-extended).
func (x *asmExec) read(in x86.Inst, o x86.Operand) Val {
	switch o.Kind {
	case x86.KindReg:
		switch {
		case o.Reg.IsGP64():
			return x.regs[o.Reg]
		case o.Reg.IsGP8():
			return x.value(x.g.Mod(x.word(x.regs[o.Reg.Full()]), 8))
		case o.Reg.IsGP32():
			return x.value(x.g.Mod(x.word(x.regs[o.Reg.Full()]), 32))
		case o.Reg.IsXMM():
			return x.vec[o.Reg.Num()][0]
		}
	case x86.KindMem:
		return x.load(o, int64(in.MemSize()))
	case x86.KindImm:
		return Val{Id: x.g.Word(uint64(o.Imm))}
	}
	x.violate("unsupported operand")
	return Val{Id: x.g.Word(0)}
}

func (x *asmExec) write(in x86.Inst, o x86.Operand, v Val) {
	if !v.Ptr {
		x.note(v.Id)
	}
	switch o.Kind {
	case x86.KindReg:
		switch {
		case o.Reg.IsGP64():
			x.regs[o.Reg] = v
			return
		case o.Reg.IsGP8():
			full := o.Reg.Full()
			x.regs[full] = x.value(setByte(x.g, x.word(x.regs[full]), 0, x.word(v)))
			return
		case o.Reg.IsGP32():
			// A 32-bit write zeroes the upper half; a pointer cut to 32 bits is none.
			x.regs[o.Reg.Full()] = x.value(x.g.Mod(x.word(v), 32))
			return
		case o.Reg.IsXMM():
			// Legacy-SSE movq: bits 64..127 zeroed, 128..255 kept.
			x.vec[o.Reg.Num()][0], x.vec[o.Reg.Num()][1] = v, Val{Id: x.g.Word(0)}
			return
		}
	case x86.KindMem:
		x.store(o, int64(in.MemSize()), v)
		return
	}
	x.violate("cannot write to this operand")
}
