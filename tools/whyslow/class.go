package main

import "github.com/rules-cryptopt/rules_cryptopt/x86"

// Class groups instructions the way docs/why-slow.md compares them.
type Class string

// The classes.
const (
	Mul   Class = "mul"   // mul, mulx, imul
	Add   Class = "add"   // add, adc, adcx, adox, sub, sbb, inc, dec, neg
	Shift Class = "shift" // shl, shr, sar, shld, shrd, shlx, shrx, sarx, rorx, ror
	Logic Class = "logic" // and, or, xor, not, andn, bzhi, test, cmp, setcc, cmovcc
	Move  Class = "mov"   // mov, movzx, xchg, lea
	Stack Class = "stack" // push, pop
	Vec   Class = "vec"   // movq to or from an xmm register, the AVX2 forms of clang's masking
	Other Class = "other" // ret, clc, stc
)

// classes is the class of each opcode of the instruction model (Other when absent).
var classes = map[x86.Opcode]Class{
	x86.MUL: Mul, x86.MULX: Mul, x86.IMUL: Mul,
	x86.ADD: Add, x86.ADC: Add, x86.ADCX: Add, x86.ADOX: Add, x86.SUB: Add, x86.SBB: Add,
	x86.INC: Add, x86.DEC: Add, x86.NEG: Add,
	x86.SHL: Shift, x86.SHR: Shift, x86.SAR: Shift, x86.SHLD: Shift, x86.SHRD: Shift,
	x86.SHLX: Shift, x86.SHRX: Shift, x86.SARX: Shift, x86.RORX: Shift, x86.ROR: Shift,
	x86.AND: Logic, x86.OR: Logic, x86.XOR: Logic, x86.NOT: Logic, x86.ANDN: Logic,
	x86.BZHI: Logic, x86.TEST: Logic, x86.CMP: Logic, x86.SET: Logic, x86.CMOV: Logic,
	x86.MOV: Move, x86.MOVZX: Move, x86.XCHG: Move, x86.LEA: Move,
	x86.PUSH: Stack, x86.POP: Stack, x86.MOVQ: Vec,
	x86.VMOVQ: Vec, x86.VPUNPCKLQDQ: Vec, x86.VINSERTI128: Vec, x86.VPBROADCASTQ: Vec, x86.VPAND: Vec,
	x86.VMOVDQU: Vec, x86.VZEROUPPER: Vec,
}

func classOf(op x86.Opcode) Class {
	if c, ok := classes[op]; ok {
		return c
	}
	return Other
}
