package ir

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestMachineFolds pins the folding of the machine's binary ops and shifts: constants fold,
// identities and absorbing zeros give an operand or a constant, the rest is emitted.
func TestMachineFolds(t *testing.T) {
	m := newMachine("f")
	x, y := V(m.value("x", U64)), V(m.value("y", U64))
	p, q := V(m.value("p", U1)), V(m.value("q", U1))
	emitted := Arg{Val: -1} // marks "an instruction was emitted"
	tests := []struct {
		name string
		got  func() Arg
		want Arg
	}{
		{"add consts", func() Arg { return m.add(C(2), C(3), "r") }, C(5)},
		{"add 0+x", func() Arg { return m.add(C(0), x, "r") }, x},
		{"add x+0", func() Arg { return m.add(x, C(0), "r") }, x},
		{"add x+y", func() Arg { return m.add(x, y, "r") }, emitted},
		{"sub consts", func() Arg { return m.sub(C(2), C(3), "r") }, C(^uint64(0))},
		{"sub x-0", func() Arg { return m.sub(x, C(0), "r") }, x},
		{"sub 0-x", func() Arg { return m.sub(C(0), x, "r") }, emitted},
		{"mul consts", func() Arg { return m.mul(C(6), C(7), "r") }, C(42)},
		{"mul 0*x", func() Arg { return m.mul(C(0), x, "r") }, C(0)},
		{"mul x*0", func() Arg { return m.mul(x, C(0), "r") }, C(0)},
		{"mul 1*x", func() Arg { return m.mul(C(1), x, "r") }, x},
		{"mul x*1", func() Arg { return m.mul(x, C(1), "r") }, x},
		{"mul x*y", func() Arg { return m.mul(x, y, "r") }, emitted},
		{"and consts", func() Arg { return m.and(C(6), C(3), U64, "r") }, C(2)},
		{"and x&0", func() Arg { return m.and(x, C(0), U64, "r") }, C(0)},
		{"and ones&x", func() Arg { return m.and(C(^uint64(0)), x, U64, "r") }, x},
		{"and u1 1&p", func() Arg { return m.and(C(1), p, U1, "r") }, p},
		{"and u64 1&x", func() Arg { return m.and(C(1), x, U64, "r") }, emitted},
		{"or consts", func() Arg { return m.or(C(6), C(3), U64, "r") }, C(7)},
		{"or 0|q", func() Arg { return m.or(C(0), q, U1, "r") }, q},
		{"or q|0", func() Arg { return m.or(q, C(0), U1, "r") }, q},
		{"or p|q", func() Arg { return m.or(p, q, U1, "r") }, emitted},
		{"shr by 0", func() Arg { return m.shr(x, 0, "r") }, x},
		{"shr by 64", func() Arg { return m.shr(x, 64, "r") }, C(0)},
		{"shr const", func() Arg { return m.shr(C(0x10), 4, "r") }, C(1)},
		{"shl const", func() Arg { return m.shl(C(1), 4, "r") }, C(0x10)},
		{"shl x", func() Arg { return m.shl(x, 4, "r") }, emitted},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := len(m.f.Body)
			got := tt.got()
			if tt.want == emitted {
				require.Len(t, m.f.Body, before+1)
				require.False(t, got.IsConst)
				return
			}
			require.Equal(t, tt.want, got)
			require.Len(t, m.f.Body, before)
		})
	}
}

// TestMachineFoldsCarry pins the folding of addc and subb (word and carry).
func TestMachineFoldsCarry(t *testing.T) {
	m := newMachine("f")
	x := V(m.value("x", U64))
	c := V(m.value("c", U1))
	tests := []struct {
		name       string
		got        func() (Arg, Arg)
		word, cout Arg
		emits      bool
	}{
		{"addc consts", func() (Arg, Arg) { return m.addc(C(1), C(^uint64(0)), C(0), "s", "c") }, C(0), C(1), false},
		{"addc 0+0+x", func() (Arg, Arg) { return m.addc(C(0), C(0), x, "s", "c") }, x, C(0), false},
		{"addc 0+x+0", func() (Arg, Arg) { return m.addc(C(0), x, C(0), "s", "c") }, x, C(0), false},
		{"addc c+x+0", func() (Arg, Arg) { return m.addc(c, x, C(0), "s", "c") }, Arg{}, Arg{}, true},
		{"subb consts", func() (Arg, Arg) { return m.subb(C(1), C(0), C(0), "d", "b") }, C(^uint64(0)), C(1), false},
		{"subb x-0-0", func() (Arg, Arg) { return m.subb(C(0), x, C(0), "d", "b") }, x, C(0), false},
		{"subb 0-x-0", func() (Arg, Arg) { return m.subb(C(0), C(0), x, "d", "b") }, Arg{}, Arg{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := len(m.f.Body)
			word, cout := tt.got()
			if tt.emits {
				require.Len(t, m.f.Body, before+1)
				require.False(t, word.IsConst || cout.IsConst)
				return
			}
			require.Equal(t, []Arg{tt.word, tt.cout}, []Arg{word, cout})
			require.Len(t, m.f.Body, before)
		})
	}
}
