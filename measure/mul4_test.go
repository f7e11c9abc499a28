package measure

import (
	"fmt"
	"strings"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// mul4Func is the 512-bit product of two 4-limb numbers (schoolbook, row by row).
func mul4Func() *ir.Func {
	b := ir.NewBuilder("mul4")
	lo, hi := fullRange(4)
	a := b.Param("arg1", ir.U64, lo, hi)
	c := b.Param("arg2", ir.U64, lo, hi)
	acc := make([]ir.Arg, 8)
	for i := range acc {
		acc[i] = ir.C(0)
	}
	for i := range 4 {
		// row = a[i] * c, five limbs
		row := make([]ir.Arg, 5)
		carry := ir.C(0)
		var prevHi ir.Arg = ir.C(0)
		for j := range 4 {
			l, h := b.Mulx(ir.V(a[i]), ir.V(c[j]))
			s, co := b.AddCarry(carry, ir.V(l), prevHi)
			row[j], carry, prevHi = ir.V(s), ir.V(co), ir.V(h)
		}
		s, _ := b.AddCarry(carry, prevHi, ir.C(0))
		row[4] = ir.V(s)
		carry = ir.C(0)
		for j := range 5 {
			s, co := b.AddCarry(carry, acc[i+j], row[j])
			acc[i+j], carry = ir.V(s), ir.V(co)
		}
		if i+5 < 8 {
			s, _ := b.AddCarry(carry, acc[i+5], ir.C(0))
			acc[i+5] = ir.V(s)
		}
	}
	lo8, hi8 := fullRange(8)
	b.Return("out1", ir.U64, acc, lo8, hi8)
	return b.Func()
}

// mul4Asm is mul4Func with mulx/adcx/adox in the callee-saved registers (~70 instructions).
func mul4Asm() string {
	var sb strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&sb, "\t"+format+"\n", args...) }
	saved := []string{"rbx", "rbp", "r12", "r13", "r14", "r15"}
	for _, r := range saved {
		w("push %s", r)
	}
	w("mov rcx, rdx")
	w("xor r14, r14")
	w("mov rdx, [rcx]")
	w("mulx r9, r8, [rsi]")
	w("mov [rdi], r8")
	w("mulx r10, rax, [rsi+8]")
	w("add r9, rax")
	w("mulx r11, rax, [rsi+16]")
	w("adc r10, rax")
	w("mulx r12, rax, [rsi+24]")
	w("adc r11, rax")
	w("adc r12, 0")
	acc, free := []string{"r9", "r10", "r11", "r12"}, "r13"
	for i := 1; i < 4; i++ {
		w("xor %s, %s", free, free)
		w("mov rdx, [rcx+%d]", 8*i)
		for j := range 4 {
			w("mulx rbx, rax, [rsi+%d]", 8*j)
			w("adox %s, rax", acc[j])
			if j < 3 {
				w("adcx %s, rbx", acc[j+1])
			} else {
				w("adcx %s, rbx", free)
			}
		}
		w("adox %s, r14", free)
		w("mov [rdi+%d], %s", 8*i, acc[0])
		acc, free = append(acc[1:4:4], free), acc[0]
	}
	for j := range 4 {
		w("mov [rdi+%d], %s", 32+8*j, acc[j])
	}
	for k := len(saved) - 1; k >= 0; k-- {
		w("pop %s", saved[k])
	}
	w("ret")
	return sb.String()
}
