package x86

import (
	"bytes"
	"fmt"
	"math"
	"strings"
)

// Parse reads one function in GNU (.intel_syntax noprefix) or NASM syntax, detected from
// the text. Errors name the line: `line 12: unknown instruction "vpaddq"`.
func Parse(src []byte) (*Program, error) {
	if detectNASM(src) {
		return ParseNASM(src)
	}
	return ParseGNU(src)
}

// ParseGNU reads GNU assembler Intel syntax, as PrintGNU writes and gcc/clang -masm=intel emit.
func ParseGNU(src []byte) (*Program, error) { return parse(src, gnu) }

// ParseNASM reads NASM syntax, as PrintNASM writes and CryptOpt/Fiat publish.
func ParseNASM(src []byte) (*Program, error) { return parse(src, nasm) }

// detectNASM: GNU files declare .intel_syntax; NASM files have section/global without a dot.
func detectNASM(src []byte) bool {
	gnuHint := false
	for _, line := range bytes.Split(src, []byte("\n")) {
		code, _, _ := bytes.Cut(line, []byte(";"))
		code, _, _ = bytes.Cut(code, []byte("#"))
		f := strings.Fields(strings.ToLower(string(code)))
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case ".intel_syntax", ".att_syntax":
			return false
		case "section", "global", "default", "bits", "extern", "align":
			return true
		}
		if strings.HasPrefix(f[0], ".") && !strings.HasSuffix(f[0], ":") {
			gnuHint = true
		}
	}
	return !gnuHint
}

// parser holds the state of one parse.
type parser struct {
	sx      syntax
	p       Program
	globals []string
	labels  []string
	intel   bool // GNU: .intel_syntax noprefix seen
	inBody  bool // the function label was seen
}

func parse(src []byte, sx syntax) (*Program, error) {
	ps := &parser{sx: sx}
	// Carriage returns carry nothing; dropping them keeps parse∘print a fixpoint.
	text := strings.ReplaceAll(string(src), "\r", "")
	for i, raw := range strings.Split(text, "\n") {
		if err := ps.line(raw); err != nil {
			return nil, fmt.Errorf("line %d: %w", i+1, err)
		}
	}
	return ps.finish()
}

func (ps *parser) line(s string) error {
	cc := "#"
	if ps.sx == nasm {
		cc = ";"
	}
	code, comment, hasComment := strings.Cut(s, cc)
	comment = strings.TrimSpace(comment)
	if strings.TrimSpace(code) == "" {
		if hasComment && !ps.inBody && len(ps.p.Insts) == 0 {
			ps.p.Header = append(ps.p.Header, headerText(s[strings.Index(s, cc)+1:]))
		}
		return nil
	}
	stmts := []string{code}
	if ps.sx == gnu {
		stmts = strings.Split(code, ";") // GNU as: ';' separates statements
	}
	for i, st := range stmts {
		c := ""
		if i == len(stmts)-1 {
			c = comment
		}
		if err := ps.statement(strings.TrimSpace(st), c); err != nil {
			return err
		}
	}
	return nil
}

func (ps *parser) statement(st, comment string) error {
	for {
		// Labels: "sym:" possibly followed by an instruction on the same line.
		f := strings.Fields(st)
		if len(f) == 0 || !strings.HasSuffix(f[0], ":") {
			break
		}
		if err := ps.label(strings.TrimSuffix(f[0], ":")); err != nil {
			return err
		}
		st = strings.TrimSpace(st[strings.Index(st, f[0])+len(f[0]):])
	}
	if st == "" {
		return nil
	}
	fields := strings.Fields(st)
	head := strings.ToLower(fields[0])
	if ps.isDirective(head) {
		return ps.directive(head, fields[1:], st)
	}
	return ps.instruction(head, strings.TrimSpace(st[len(fields[0]):]), comment)
}

// label records a label; local labels (.L..., NASM .x) are ignored as harmless.
func (ps *parser) label(name string) error {
	name = ps.unquote(name)
	if name == "" {
		return fmt.Errorf("empty label")
	}
	if strings.HasPrefix(name, ".") {
		return nil
	}
	if !validSymbol(name) {
		return fmt.Errorf("invalid label %q", name)
	}
	for _, l := range ps.labels {
		if l == name {
			return fmt.Errorf("label %q defined twice", name)
		}
	}
	ps.labels = append(ps.labels, name)
	if len(ps.labels) > 1 {
		return fmt.Errorf("several functions (%s): expected exactly one", strings.Join(ps.labels, ", "))
	}
	ps.inBody = true
	return nil
}

// unquote strips the double quotes newer GNU toolchains (gcc 16) put around symbol names,
// as in `.globl "f"` and `"f":`.
func (ps *parser) unquote(name string) string {
	if ps.sx == gnu && len(name) >= 2 && name[0] == '"' && name[len(name)-1] == '"' {
		return name[1 : len(name)-1]
	}
	return name
}

func (ps *parser) isDirective(head string) bool {
	if ps.sx == gnu {
		return strings.HasPrefix(head, ".")
	}
	switch head {
	case "section", "segment", "global", "default", "align", "bits", "extern", "[bits", "[section":
		return true
	}
	return false
}

func (ps *parser) finish() (*Program, error) {
	if len(ps.labels) == 0 {
		return nil, fmt.Errorf("no function label found")
	}
	sym := ps.labels[0]
	for _, g := range ps.globals {
		if g != sym {
			return nil, fmt.Errorf("global symbol %q is not the function label %q", g, sym)
		}
	}
	ps.p.Symbol = sym
	p := ps.p
	return &p, nil
}

func (ps *parser) instruction(mn, ops, comment string) error {
	if ps.sx == gnu && !ps.intel {
		return fmt.Errorf("instruction before .intel_syntax noprefix (AT&T syntax is not supported)")
	}
	if isBranch(mn) {
		return fmt.Errorf("%q: jumps/calls not supported (the checker requires straight-line code)", mn)
	}
	op, cond, ok := lookupMnemonic(mn)
	if !ok {
		return fmt.Errorf("unknown instruction %q", mn)
	}
	if !ps.inBody {
		return fmt.Errorf("instruction %q before the function label", mn)
	}
	in := Inst{Op: op, Cond: cond, Comment: comment}
	sizes := make([]int, 0, 3)
	if ops != "" {
		for _, s := range strings.Split(ops, ",") {
			ot, err := parseOperand(s, ps.sx)
			if err != nil {
				return fmt.Errorf("%s: %w", mn, err)
			}
			in.Args = append(in.Args, ot.op)
			sizes = append(sizes, ot.size)
		}
	}
	markByteMem(&in, sizes)
	dwordImm(&in)
	if err := in.Validate(); err != nil {
		return err
	}
	for _, sz := range sizes {
		if sz != 0 && in.MemSize() != 0 && sz != in.MemSize() {
			return fmt.Errorf("%s: memory operand size %d, want %d", mn, sz, in.MemSize())
		}
	}
	ps.p.Insts = append(ps.p.Insts, in)
	return nil
}

// markByteMem records an explicit "byte" on the memory operand of an ALU instruction with no
// register to imply the size ("add byte [rsp+8], 0x7f"): the operand alone says it.
func markByteMem(in *Inst, sizes []int) {
	switch in.Op {
	case ADD, ADC, SUB, SBB, AND, OR, XOR, CMP:
	default:
		return
	}
	for _, a := range in.Args {
		if a.Kind == KindReg {
			return // the register fixes the size
		}
	}
	for i, sz := range sizes {
		if sz == 1 && in.Args[i].Kind == KindMem {
			in.Args[i].Size = 1
		}
	}
}

// dwordImm reads the immediate of a 32-bit operation written unsigned ("and eax,
// 0x80000000", as assemblers accept it) as the model's signed imm32: the same 32 bits.
func dwordImm(in *Inst) {
	n := len(in.Args)
	if !in.Dword() || n == 0 || in.Args[n-1].Kind != KindImm {
		return
	}
	if v := in.Args[n-1].Imm; v > math.MaxInt32 && v <= math.MaxUint32 {
		in.Args[n-1].Imm = int64(int32(v))
	}
}
