package x86

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestSameCode(t *testing.T) {
	base := func() *Program {
		return &Program{Symbol: "f", Header: []string{"h"}, Insts: []Inst{
			{Op: MOV, Args: []Operand{R(RAX), M(RSI, 8)}, Comment: "arg1[1]"},
			{Op: CMOV, Cond: CondC, Args: []Operand{R(RAX), R(RCX)}},
			{Op: RET},
		}}
	}
	tests := []struct {
		name string
		edit func(*Program)
		same bool
	}{
		{"identical", func(*Program) {}, true},
		{"comment, header and symbol differ", func(p *Program) {
			p.Insts[0].Comment, p.Header, p.Symbol = "x", nil, "g"
		}, true},
		{"opcode", func(p *Program) { p.Insts[0].Op = ADD }, false},
		{"condition", func(p *Program) { p.Insts[1].Cond = CondO }, false},
		{"register", func(p *Program) { p.Insts[1].Args[1] = R(RDX) }, false},
		{"displacement", func(p *Program) { p.Insts[0].Args[1] = M(RSI, 16) }, false},
		{"one instruction fewer", func(p *Program) { p.Insts = p.Insts[1:] }, false},
		{"operand count", func(p *Program) { p.Insts[1].Args = p.Insts[1].Args[:1] }, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := base()
			tt.edit(q)
			require.Equal(t, tt.same, base().SameCode(q))
			require.Equal(t, tt.same, q.SameCode(base()))
		})
	}
}
