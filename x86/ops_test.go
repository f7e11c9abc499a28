package x86

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestOpTableComplete: every opcode has a name, forms, and one use letter per operand of
// its longest form.
func TestOpTableComplete(t *testing.T) {
	for op := BAD + 1; op < NumOpcodes; op++ {
		info := opTable[op]
		require.NotEmpty(t, info.name, "opcode %d", op)
		require.NotEmpty(t, info.forms, "%s", op)
		_, hi := op.Arity()
		require.Len(t, info.use, hi, "%s: use letters", op)
		for _, c := range info.use {
			require.Contains(t, "rwxa", string(c), "%s", op)
		}
	}
	require.False(t, BAD.Valid())
	require.False(t, NumOpcodes.Valid())
}

func TestOpEffects(t *testing.T) {
	rax, rbx, m := R(RAX), R(RBX), M(RSI, 8)
	cases := []struct {
		name          string
		in            Inst
		access        []Access
		fIn, fOut     Flags
		impIn, impOut []Reg
	}{
		{"mov", Inst{Op: MOV, Args: []Operand{rax, m}}, []Access{Write, Read}, 0, 0, nil, nil},
		{"add", Inst{Op: ADD, Args: []Operand{rax, rbx}}, []Access{Read | Write, Read}, 0, AllFlags, nil, nil},
		{"adc", Inst{Op: ADC, Args: []Operand{rax, rbx}}, []Access{Read | Write, Read}, CF, AllFlags, nil, nil},
		{"adcx", Inst{Op: ADCX, Args: []Operand{rax, rbx}}, []Access{Read | Write, Read}, CF, CF, nil, nil},
		{"adox", Inst{Op: ADOX, Args: []Operand{rax, m}}, []Access{Read | Write, Read}, OF, OF, nil, nil},
		{"mulx", Inst{Op: MULX, Args: []Operand{rax, rbx, m}}, []Access{Write, Write, Read}, 0, 0, []Reg{RDX}, nil},
		{"mul", Inst{Op: MUL, Args: []Operand{m}}, []Access{Read}, 0, AllFlags, []Reg{RAX}, []Reg{RAX, RDX}},
		{"imul2", Inst{Op: IMUL, Args: []Operand{rax, rbx}}, []Access{Read | Write, Read}, 0, AllFlags, nil, nil},
		{"imul3", Inst{Op: IMUL, Args: []Operand{rax, rbx, I(3)}}, []Access{Write, Read, Read}, 0, AllFlags, nil, nil},
		{"lea", Inst{Op: LEA, Args: []Operand{rax, m}}, []Access{Write, 0}, 0, 0, nil, nil},
		{"xchg", Inst{Op: XCHG, Args: []Operand{rax, rbx}}, []Access{Read | Write, Read | Write}, 0, 0, nil, nil},
		{"cmp", Inst{Op: CMP, Args: []Operand{rax, rbx}}, []Access{Read, Read}, 0, AllFlags, nil, nil},
		{"cmovc", Inst{Op: CMOV, Cond: CondC, Args: []Operand{rax, rbx}}, []Access{Read | Write, Read}, CF, 0, nil, nil},
		{"seto", Inst{Op: SET, Cond: CondO, Args: []Operand{R(AL)}}, []Access{Write}, OF, 0, nil, nil},
		{"setz", Inst{Op: SET, Cond: CondZ, Args: []Operand{R(AL)}}, []Access{Write}, OtherFlags, 0, nil, nil},
		{"clc", Inst{Op: CLC}, nil, 0, CF, nil, nil},
		{"inc", Inst{Op: INC, Args: []Operand{rax}}, []Access{Read | Write}, 0, OF | OtherFlags, nil, nil},
		{"shrx", Inst{Op: SHRX, Args: []Operand{rax, rbx, R(RCX)}}, []Access{Write, Read, Read}, 0, 0, nil, nil},
		{"shrd", Inst{Op: SHRD, Args: []Operand{rax, rbx, I(3)}}, []Access{Read | Write, Read, Read}, 0, AllFlags, nil, nil},
		{"not", Inst{Op: NOT, Args: []Operand{rax}}, []Access{Read | Write}, 0, 0, nil, nil},
		{"pop", Inst{Op: POP, Args: []Operand{rax}}, []Access{Write}, 0, 0, nil, nil},
		{"bad", Inst{Op: BAD, Args: []Operand{rax}}, []Access{0}, 0, 0, nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for i, a := range c.access {
				require.Equal(t, a, c.in.Access(i), "operand %d", i)
				require.Equal(t, a&Read != 0, c.in.Reads(i))
				require.Equal(t, a&Write != 0, c.in.Writes(i))
			}
			require.Zero(t, c.in.Access(len(c.access)), "past the operands")
			require.Equal(t, c.fIn, c.in.FlagsRead())
			require.Equal(t, c.fOut, c.in.FlagsWritten())
			require.Equal(t, c.impIn, c.in.ImplicitReads())
			require.Equal(t, c.impOut, c.in.ImplicitWrites())
		})
	}
}

func TestArity(t *testing.T) {
	for _, c := range []struct {
		op     Opcode
		lo, hi int
	}{{MOV, 2, 2}, {IMUL, 2, 3}, {RET, 0, 0}, {MUL, 1, 1}, {MULX, 3, 3}, {BAD, 0, 0}} {
		lo, hi := c.op.Arity()
		require.Equal(t, [2]int{c.lo, c.hi}, [2]int{lo, hi}, "%s", c.op)
	}
}
