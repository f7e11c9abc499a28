package ir

import "fmt"

// Lower turns a copy of f into the machine form that codegen consumes (see
// VerifyMachine): u128 values become (lo, hi) pairs of u64 values, products of u64
// values become mulx, u128 sums addcarryx chains, u128 right shifts shrd, and every
// operand gets the exact machine type its instruction needs. Value names derive from
// f's names ("x12.lo", "x12.hi", "x26.c", "x18.u64") so assembly comments stay
// readable. Only unsigned types of at most 128 bits, sizes of 64 and constant shift
// counts are supported.
func Lower(f *Func) (*Func, error) {
	g, err := Normalize(f)
	if err != nil {
		return nil, fmt.Errorf("lower: %w", err)
	}
	l := &lowerer{src: g, m: newMachine(g.Name), lo: make([]Arg, len(g.Values)), hi: make([]Arg, len(g.Values))}
	if err := l.run(); err != nil {
		return nil, fmt.Errorf("lower %s: %w", f.Name, err)
	}
	out := l.m.f
	CSE(out)
	DCE(out)
	if err := VerifyMachine(out); err != nil {
		return nil, fmt.Errorf("lower: %w", err)
	}
	return out, nil
}

// lowerer maps each source value to machine operands: lo alone for u1 and u64 values,
// (lo, hi) for u128 values.
type lowerer struct {
	src    *Func
	m      *machine
	lo, hi []Arg
}

func (l *lowerer) run() error {
	for _, vi := range l.src.Values {
		switch vi.Type {
		case U1, U64, U128:
		default:
			return fmt.Errorf("value %s: unsupported type %s", vi.Name, vi.Type)
		}
	}
	for _, p := range l.src.Params {
		if p.Type == U128 {
			return fmt.Errorf("parameter %s: unsupported type %s", p.Name, p.Type)
		}
		q := p
		q.Limbs = make([]Value, len(p.Limbs))
		for j, v := range p.Limbs {
			q.Limbs[j] = l.m.value(l.src.NameOf(v), p.Type)
			l.lo[v] = V(q.Limbs[j])
		}
		q.Lower = append([]uint64(nil), p.Lower...)
		q.Upper = append([]uint64(nil), p.Upper...)
		l.m.f.Params = append(l.m.f.Params, q)
	}
	for i := range l.src.Body {
		if err := l.instr(&l.src.Body[i]); err != nil {
			return fmt.Errorf("instruction %d (%s %s): %w", i, l.src.Body[i].Op, l.src.NameOf(l.src.Body[i].Results[0]), err)
		}
	}
	for _, r := range l.src.Rets {
		q := r
		q.Limbs = make([]Arg, len(r.Limbs))
		for j, a := range r.Limbs {
			if r.Type == U1 {
				q.Limbs[j] = l.as1(a)
			} else {
				q.Limbs[j] = l.as64(a)
			}
		}
		q.Lower = append([]uint64(nil), r.Lower...)
		q.Upper = append([]uint64(nil), r.Upper...)
		l.m.f.Rets = append(l.m.f.Rets, q)
	}
	return nil
}

func (l *lowerer) typeOf(a Arg) Type {
	if a.IsConst {
		return U64
	}
	return l.src.TypeOf(a.Val)
}

// as64 is the low 64 bits of a source operand, as a u64 machine operand.
func (l *lowerer) as64(a Arg) Arg {
	if a.IsConst {
		return a
	}
	return l.m.zext(l.lo[a.Val])
}

// as1 is the low bit of a source operand, as a u1 machine operand.
func (l *lowerer) as1(a Arg) Arg {
	if a.IsConst {
		return C(a.Imm & 1)
	}
	return l.m.bit(l.lo[a.Val])
}

// pair is a source operand as (lo, hi) u64 machine operands.
func (l *lowerer) pair(a Arg) (Arg, Arg) {
	if !a.IsConst && l.src.TypeOf(a.Val) == U128 {
		return l.lo[a.Val], l.hi[a.Val]
	}
	return l.as64(a), C(0)
}

// nonzero is a machine operand that is zero exactly when the source operand is.
func (l *lowerer) nonzero(a Arg, name string) Arg {
	if a.IsConst {
		return a
	}
	if l.src.TypeOf(a.Val) != U128 {
		return l.lo[a.Val]
	}
	return l.m.or(l.lo[a.Val], l.hi[a.Val], U64, name)
}

// set records the machine form of source result r from (lo, hi) machine operands:
// truncated to r's type.
func (l *lowerer) set(r Value, lo, hi Arg) {
	switch l.src.TypeOf(r) {
	case U128:
		l.lo[r], l.hi[r] = l.m.zext(lo), l.m.zext(hi)
	case U64:
		l.lo[r] = l.m.zext(lo)
	default:
		l.lo[r] = l.m.bit(lo)
	}
}
