package measure

import "github.com/rules-cryptopt/rules_cryptopt/x86"

// opInfo is what the validator needs to know of an opcode: how many explicit operands it
// takes and whether the first one is read and/or written. Later operands are only read,
// except where noted in writesArg.
type opInfo struct {
	minArgs, maxArgs int
	readsDst         bool
	writesDst        bool
}

// opTable covers every opcode of the x86 instruction table; a missing entry (minArgs and
// maxArgs both 0 and not listed) is refused by ValidateProgram.
var opTable = [x86.NumOpcodes]opInfo{
	x86.MOV:   {2, 2, false, true},
	x86.MOVZX: {2, 2, false, true},
	x86.MOVQ:  {2, 2, false, true},
	x86.XCHG:  {2, 2, true, true},
	x86.ADD:   {2, 2, true, true},
	x86.ADC:   {2, 2, true, true},
	x86.ADCX:  {2, 2, true, true},
	x86.ADOX:  {2, 2, true, true},
	x86.SUB:   {2, 2, true, true},
	x86.SBB:   {2, 2, true, true},
	x86.MULX:  {3, 3, false, true},
	x86.MUL:   {1, 1, true, false},
	x86.IMUL:  {2, 3, true, true},
	x86.LEA:   {2, 2, false, true},
	x86.SHL:   {2, 2, true, true},
	x86.SHR:   {2, 2, true, true},
	x86.SAR:   {2, 2, true, true},
	x86.SHLX:  {3, 3, false, true},
	x86.SHRX:  {3, 3, false, true},
	x86.SARX:  {3, 3, false, true},
	x86.SHRD:  {3, 3, true, true},
	x86.SHLD:  {3, 3, true, true},
	x86.RORX:  {3, 3, false, true},
	x86.ROR:   {2, 2, true, true},
	x86.AND:   {2, 2, true, true},
	x86.ANDN:  {3, 3, false, true},
	x86.BZHI:  {3, 3, false, true},
	x86.OR:    {2, 2, true, true},
	x86.XOR:   {2, 2, true, true},
	x86.NOT:   {1, 1, true, true},
	x86.NEG:   {1, 1, true, true},
	x86.TEST:  {2, 2, true, false},
	x86.CMP:   {2, 2, true, false},
	x86.CMOV:  {2, 2, true, true},
	x86.SET:   {1, 1, false, true},
	x86.CLC:   {0, 0, false, false},
	x86.STC:   {0, 0, false, false},
	x86.INC:   {1, 1, true, true},
	x86.DEC:   {1, 1, true, true},
	x86.PUSH:  {1, 1, true, false},
	x86.POP:   {1, 1, false, true},
	x86.RET:   {0, 0, false, false},
}

// known reports whether op is in the table (RET, CLC and STC take no operands).
func known(op x86.Opcode) bool {
	if op == x86.BAD || op >= x86.NumOpcodes {
		return false
	}
	return opTable[op].maxArgs > 0 || op == x86.RET || op == x86.CLC || op == x86.STC
}

// writesArg reports whether explicit operand i of in is written.
func writesArg(in *x86.Inst, i int) bool {
	switch {
	case i == 0:
		return opTable[in.Op].writesDst
	case i == 1:
		return in.Op == x86.MULX || in.Op == x86.XCHG // mulx hi, lo, src; xchg a, b
	}
	return false
}

// readsArg reports whether explicit operand i of in is read.
func readsArg(in *x86.Inst, i int) bool {
	if i == 0 {
		// imul r, r/m, imm writes r without reading it.
		return opTable[in.Op].readsDst && !(in.Op == x86.IMUL && len(in.Args) == 3)
	}
	return !(in.Op == x86.MULX && i == 1)
}
