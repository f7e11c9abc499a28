package symexec

import (
	"github.com/rules-cryptopt/rules_cryptopt/checker/egraph"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

var one128 = egraph.W(1)

func term(id egraph.Id, c egraph.U128) egraph.Term { return egraph.Term{Id: id, Coef: c} }

// exec applies one instruction.
func (x *asmExec) exec(in x86.Inst) {
	if err := in.Validate(); err != nil {
		x.violate("%v", err)
		return
	}
	g := x.g
	a := in.Args
	switch in.Op {
	case x86.MOV, x86.MOVQ:
		x.write(in, a[0], x.read(in, a[1]))
	case x86.MOVZX:
		x.write(in, a[0], x.value(g.Mod(x.word(x.read(in, a[1])), 8)))
	case x86.XCHG:
		u, v := x.read(in, a[0]), x.read(in, a[1])
		x.write(in, a[0], v)
		x.write(in, a[1], u)
	case x86.ADD, x86.ADC, x86.SUB, x86.SBB, x86.CMP:
		x.alu(in)
	case x86.ADCX, x86.ADOX:
		f := fCF
		if in.Op == x86.ADOX {
			f = fOF
		}
		t := g.Plus(x.word(x.read(in, a[0])), x.word(x.read(in, a[1])), x.getFlag(f))
		x.write(in, a[0], x.value(g.Mod(t, 64)))
		x.setFlag(f, g.Shr(t, 64))
	case x86.MULX:
		p := g.Mul(x.word(x.regs[x86.RDX]), x.word(x.read(in, a[2])))
		x.write(in, a[1], x.value(g.Mod(p, 64)))
		x.write(in, a[0], x.value(g.Shr(p, 64)))
	case x86.MUL:
		p := g.Mul(x.word(x.regs[x86.RAX]), x.word(x.read(in, a[0])))
		hi := g.Shr(p, 64)
		x.regs[x86.RAX], x.regs[x86.RDX] = x.value(g.Mod(p, 64)), x.value(hi)
		nz := g.Not(g.IsZero(hi), 1)
		x.setFlag(fCF, nz)
		x.setFlag(fOF, nz)
		x.undefFlags(fZF, fSF)
	case x86.IMUL:
		var p egraph.Id
		if len(a) == 3 {
			p = g.Mul(x.word(x.read(in, a[1])), g.Word(uint64(a[2].Imm)))
		} else {
			p = g.Mul(x.word(x.read(in, a[0])), x.word(x.read(in, a[1])))
		}
		x.write(in, a[0], x.value(g.Mod(p, 64)))
		x.undefFlags(fCF, fOF, fZF, fSF)
	case x86.LEA:
		x.lea(in)
	case x86.SHL, x86.SHR, x86.SAR, x86.ROR, x86.SHLX, x86.SHRX, x86.SARX, x86.RORX:
		x.shift(in)
	case x86.SHRD, x86.SHLD:
		x.doubleShift(in)
	case x86.AND, x86.OR, x86.XOR, x86.TEST, x86.ANDN:
		x.logic(in)
	case x86.BZHI:
		x.bzhi(in)
	case x86.NOT:
		x.write(in, a[0], x.value(g.Not(x.word(x.read(in, a[0])), 64)))
	case x86.NEG:
		d, b := SubBorrow(g, g.Word(0), x.word(x.read(in, a[0])), g.Word(0))
		x.write(in, a[0], x.value(d))
		x.setFlag(fCF, b)
		x.setZS(d)
		x.setFlag(fOF, g.Opaque("of_neg", one128, d))
	case x86.INC, x86.DEC:
		c := uint64(1)
		if in.Op == x86.DEC {
			c = ^uint64(0)
		}
		r := g.Mod(g.Plus(x.word(x.read(in, a[0])), g.Word(c)), 64)
		x.write(in, a[0], x.value(r))
		x.setZS(r)
		x.setFlag(fOF, g.Opaque("of_"+in.Op.String(), one128, r))
	case x86.CMOV:
		c := x.cond(in.Cond)
		dst, src := x.read(in, a[0]), x.read(in, a[1])
		if dst.Ptr || src.Ptr {
			x.violate("conditional move of a pointer")
			return
		}
		x.write(in, a[0], x.value(g.Select(c, dst.Id, src.Id)))
	case x86.SET:
		x.write(in, a[0], x.value(x.cond(in.Cond)))
	case x86.CLC, x86.STC:
		x.setFlag(fCF, g.Word(map[bool]uint64{true: 1}[in.Op == x86.STC]))
	default:
		x.stackOp(in)
	}
}

func (x *asmExec) stackOp(in x86.Inst) {
	switch in.Op {
	case x86.PUSH:
		v := x.read(in, in.Args[0])
		x.moveRSP(-8)
		x.write(in, x86.M(x86.RSP, 0), v)
	case x86.POP:
		v := x.read(in, x86.M(x86.RSP, 0))
		x.moveRSP(8)
		x.write(in, in.Args[0], v)
	case x86.RET:
		x.res.Returned = true
	default:
		x.violate("unsupported instruction %s", in.Mnemonic())
	}
}

func (x *asmExec) moveRSP(d int64) {
	r := x.regs[x86.RSP]
	if !r.Ptr {
		x.violate("rsp does not point into the stack")
		return
	}
	r.Off += d
	x.regs[x86.RSP] = r
}

// alu is add, adc, sub, sbb and cmp, including constant moves of pointers.
func (x *asmExec) alu(in x86.Inst) {
	g := x.g
	dst, src := x.read(in, in.Args[0]), x.read(in, in.Args[1])
	if dst.Ptr && !src.Ptr && (in.Op == x86.ADD || in.Op == x86.SUB) && in.Args[1].Kind == x86.KindImm {
		d := in.Args[1].Imm
		if in.Op == x86.SUB {
			d = -d
		}
		dst.Off += d
		x.write(in, in.Args[0], dst)
		x.undefFlags(fCF, fOF, fZF, fSF)
		return
	}
	a, b := x.word(dst), x.word(src)
	var res, carry egraph.Id
	switch in.Op {
	case x86.ADD, x86.ADC:
		cin := g.Word(0)
		if in.Op == x86.ADC {
			cin = x.getFlag(fCF)
		}
		t := g.Plus(a, b, cin)
		res, carry = g.Mod(t, 64), g.Shr(t, 64)
		x.setFlag(fOF, g.Opaque("of_add", one128, a, b, cin))
	default:
		bin := g.Word(0)
		if in.Op == x86.SBB {
			bin = x.getFlag(fCF)
		}
		res, carry = SubBorrow(g, a, b, bin)
		x.setFlag(fOF, g.Opaque("of_sub", one128, a, b, bin))
	}
	x.setFlag(fCF, carry)
	x.setZS(res)
	if in.Op != x86.CMP {
		x.write(in, in.Args[0], x.value(res))
	}
}

func (x *asmExec) lea(in x86.Inst) {
	g := x.g
	o := in.Args[1]
	if o.Base.IsGP64() && x.regs[o.Base].Ptr {
		if o.Index != x86.NoReg {
			x.violate("lea of a pointer with an index register")
			return
		}
		p := x.regs[o.Base]
		p.Off += int64(o.Disp)
		x.write(in, in.Args[0], p)
		return
	}
	terms := []egraph.Term{}
	if o.Base.IsGP64() {
		terms = append(terms, term(x.word(x.regs[o.Base]), one128))
	}
	if o.Index != x86.NoReg {
		s := uint64(o.Scale)
		if s == 0 {
			s = 1
		}
		terms = append(terms, term(x.word(x.regs[o.Index]), egraph.W(s)))
	}
	r := g.Mod(g.Sum(egraph.W(uint64(int64(o.Disp))), terms...), 64)
	x.write(in, in.Args[0], x.value(r))
}
