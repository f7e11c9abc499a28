package main

import "strings"

// Class groups instructions the way docs/why-slow.md compares them.
type Class string

// The classes.
const (
	Mul   Class = "mul"   // mul, mulx, imul
	Add   Class = "add"   // add, adc, adcx, adox, sub, sbb, inc, dec, neg
	Shift Class = "shift" // shl, shr, sar, shld, shrd, shlx, shrx, sarx, rorx, ror, rol
	Logic Class = "logic" // and, or, xor, not, andn, bzhi, test, cmp, setcc, cmovcc
	Move  Class = "mov"   // mov, movzx, movabs, movq, xchg, lea
	Stack Class = "stack" // push, pop
	Vec   Class = "vec"   // SIMD (any xmm/ymm/zmm operand or v-prefixed mnemonic)
	Other Class = "other" // ret, nop, endbr64, ...
)

var classOf = map[string]Class{
	"mul": Mul, "mulx": Mul, "imul": Mul,
	"add": Add, "adc": Add, "adcx": Add, "adox": Add, "sub": Add, "sbb": Add, "inc": Add, "dec": Add, "neg": Add,
	"shl": Shift, "shr": Shift, "sar": Shift, "shld": Shift, "shrd": Shift, "shlx": Shift, "shrx": Shift,
	"sarx": Shift, "rorx": Shift, "ror": Shift, "rol": Shift,
	"and": Logic, "or": Logic, "xor": Logic, "not": Logic, "andn": Logic, "bzhi": Logic, "test": Logic, "cmp": Logic,
	"mov": Move, "movzx": Move, "movabs": Move, "movq": Move, "xchg": Move, "lea": Move,
	"push": Stack, "pop": Stack,
}

// Class of the instruction.
func (ins Inst) Class() Class {
	for _, a := range ins.Args {
		if strings.Contains(a, "mm") {
			return Vec
		}
	}
	switch {
	case strings.HasPrefix(ins.Op, "set") || strings.HasPrefix(ins.Op, "cmov"):
		return Logic
	case strings.HasPrefix(ins.Op, "v"):
		return Vec
	}
	if c, ok := classOf[ins.Op]; ok {
		return c
	}
	return Other
}

// Flag locations of the dependency model: CF and OF are the two ADX chains, "zf" the rest.
const (
	flagCF = "CF"
	flagOF = "OF"
	flagZF = "zf"
)

// effects lists the registers (64-bit names), flags and memory operands ins reads and
// writes. Memory operands are returned as operand text (the caller keys them).
func (ins Inst) effects() (reads, writes []string) {
	a := ins.Args
	op := ins.Op
	dst := func() string {
		if len(a) == 0 {
			return ""
		}
		return a[0]
	}
	switch {
	case op == "mov" || op == "movzx" || op == "movabs" || op == "movq" || op == "lea" || strings.HasPrefix(op, "set"):
		reads, writes = a[1:], a[:1]
	case op == "xor" && len(a) == 2 && a[0] == a[1]: // zeroing idiom: no input
		writes = []string{a[0], flagCF, flagOF, flagZF}
	case op == "test" || op == "cmp" || op == "bt":
		reads, writes = a, []string{flagCF, flagOF, flagZF}
	case op == "mulx": // mulx hi, lo, src: rdx implicit
		reads, writes = append([]string{"rdx"}, a[2:]...), a[:2]
	case op == "mul":
		reads, writes = append([]string{"rax"}, a...), []string{"rax", "rdx", flagCF, flagOF, flagZF}
	case op == "imul" && len(a) == 3:
		reads, writes = a[1:], []string{a[0], flagCF, flagOF, flagZF}
	case op == "shlx" || op == "shrx" || op == "sarx" || op == "rorx":
		reads, writes = a[1:], a[:1]
	case op == "andn" || op == "bzhi":
		reads, writes = a[1:], []string{a[0], flagCF, flagOF, flagZF}
	case op == "adcx":
		reads, writes = append([]string{flagCF}, a...), []string{dst(), flagCF}
	case op == "adox":
		reads, writes = append([]string{flagOF}, a...), []string{dst(), flagOF}
	case op == "adc" || op == "sbb":
		reads, writes = append([]string{flagCF}, a...), []string{dst(), flagCF, flagOF, flagZF}
	case op == "inc" || op == "dec": // keep CF
		reads, writes = a, []string{dst(), flagOF, flagZF}
	case strings.HasPrefix(op, "cmov"):
		reads, writes = append([]string{flagCF, flagZF}, a...), a[:1]
	case op == "push": // rsp itself is left out: the stack engine tracks it, no chain
		reads, writes = a, []string{"[rsp]"}
	case op == "pop":
		reads, writes = []string{"[rsp]"}, a
	case op == "xchg":
		reads, writes = a, a
	case op == "ret" || op == "nop" || op == "endbr64" || strings.HasPrefix(op, "data16") || op == "cs":
		return nil, nil
	case op == "not":
		reads, writes = a, a
	default: // two-operand ALU and shifts: the destination is read and written, flags set
		reads, writes = a, []string{dst(), flagCF, flagOF, flagZF}
	}
	return reads, writes
}
