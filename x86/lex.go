package x86

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// lookupReg maps a lower-case register name to its Reg.
func lookupReg(s string) (Reg, bool) {
	for i := 0; i < 16; i++ {
		if s == gp64Names[i] {
			return Reg(i), true
		}
		if s == gp8Names[i] {
			return Reg(i) + 16, true
		}
		if s == gp32Names[i] {
			return Reg(i) + 48, true
		}
	}
	if n, ok := strings.CutPrefix(s, "xmm"); ok && n != "" && (len(n) == 1 || n[0] != '0') {
		if v, err := strconv.Atoi(n); err == nil && v >= 0 && v < 16 {
			return XMM0 + Reg(v), true
		}
	}
	return NoReg, false
}

// condAliases maps every accepted condition suffix to its canonical Cond.
var condAliases = []struct {
	name string
	c    Cond
}{{"o", CondO}, {"no", CondNO}, {"b", CondC}, {"c", CondC}, {"nae", CondC},
	{"ae", CondNC}, {"nb", CondNC}, {"nc", CondNC}, {"e", CondZ}, {"z", CondZ},
	{"ne", CondNZ}, {"nz", CondNZ}, {"be", CondBE}, {"na", CondBE}, {"a", CondA}, {"nbe", CondA},
	{"s", CondS}, {"ns", CondNS}, {"p", CondP}, {"pe", CondP}, {"np", CondNP}, {"po", CondNP},
	{"l", CondL}, {"nge", CondL}, {"ge", CondGE}, {"nl", CondGE}, {"le", CondLE}, {"ng", CondLE},
	{"g", CondG}, {"nle", CondG}}

// lookupMnemonic maps a lower-case mnemonic (with aliases) to an opcode and condition.
func lookupMnemonic(s string) (Opcode, Cond, bool) {
	switch s {
	case "sal":
		return SHL, 0, true
	case "movabs":
		return MOV, 0, true
	case "cmov", "set":
		return BAD, 0, false
	}
	for op := MOV; op < NumOpcodes; op++ {
		if opTable[op].name == s {
			return op, 0, true
		}
	}
	for _, pre := range [...]struct {
		p  string
		op Opcode
	}{{"cmov", CMOV}, {"set", SET}} {
		if rest, ok := strings.CutPrefix(s, pre.p); ok {
			for _, a := range condAliases {
				if a.name == rest {
					return pre.op, a.c, true
				}
			}
		}
	}
	return BAD, 0, false
}

// isKeyword reports words a symbol must not be: size keywords and mnemonics.
func isKeyword(s string) bool {
	switch s {
	case "byte", "word", "dword", "qword", "ptr", "rel", "abs", "offset", "rip":
		return true
	}
	_, _, ok := lookupMnemonic(s)
	return ok
}

// isBranch reports control-flow mnemonics, which straight-line code must not contain.
func isBranch(s string) bool {
	switch s {
	case "jmp", "call", "loop", "jcxz", "jecxz", "jrcxz", "syscall", "int", "iret", "iretq":
		return true
	}
	if rest, ok := strings.CutPrefix(s, "j"); ok {
		for _, a := range condAliases {
			if a.name == rest {
				return true
			}
		}
	}
	return false
}

// parseNumber reads a decimal or 0x-hex integer, optionally signed; in NASM also 0ffh.
// Values up to 2^64-1 are taken as their 64-bit pattern (0xffffffff00000001).
func parseNumber(s string, sx syntax) (int64, error) {
	t := s
	neg := false
	if t != "" && (t[0] == '-' || t[0] == '+') {
		neg = t[0] == '-'
		t = strings.TrimLeft(t[1:], " \t")
	}
	base := 10
	switch {
	case len(t) > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X'):
		base, t = 16, t[2:]
	case sx == nasm && len(t) > 1 && (t[len(t)-1] == 'h' || t[len(t)-1] == 'H') && t[0] >= '0' && t[0] <= '9':
		base, t = 16, t[:len(t)-1]
	}
	if t == "" || t[0] == '+' || t[0] == '-' {
		return 0, fmt.Errorf("invalid number %q", s)
	}
	u, err := strconv.ParseUint(t, base, 64)
	if err != nil {
		return 0, fmt.Errorf("invalid number %q", s)
	}
	if neg {
		if u > 1<<63 {
			return 0, fmt.Errorf("number %q out of 64-bit range", s)
		}
		return -int64(u), nil
	}
	return int64(u), nil
}

// operandText is one parsed operand plus the size keyword written on it (0 if none).
type operandText struct {
	op   Operand
	size int
}

// parseOperand reads a register, an immediate or a memory operand with optional size keyword.
func parseOperand(s string, sx syntax) (operandText, error) {
	t := strings.TrimSpace(s)
	low := strings.ToLower(t)
	size := 0
	for _, kw := range [...]struct {
		w string
		n int
	}{{"byte", 1}, {"qword", 8}, {"word", 2}, {"dword", 4}, {"xmmword", 16}, {"oword", 16}, {"tword", 10}} {
		if rest, ok := strings.CutPrefix(low, kw.w); ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t' || rest[0] == '[') {
			size, low = kw.n, strings.TrimSpace(rest)
			if r2, ok := strings.CutPrefix(low, "ptr"); ok && (r2 == "" || r2[0] == ' ' || r2[0] == '\t' || r2[0] == '[') {
				low = strings.TrimSpace(r2)
			}
			break
		}
	}
	if size != 0 && size != 1 && size != 8 {
		return operandText{}, fmt.Errorf("unsupported operand size in %q (byte and qword only)", t)
	}
	if low == "" {
		return operandText{}, fmt.Errorf("missing operand")
	}
	if i := strings.IndexByte(low, '['); i >= 0 {
		if low[len(low)-1] != ']' {
			return operandText{}, fmt.Errorf("unterminated memory operand %q", t)
		}
		m, err := parseAddr(low[i+1:len(low)-1], sx)
		if err == nil && i > 0 { // GNU "8[rsi]": displacement before the brackets
			err = addOuterDisp(&m, strings.TrimSpace(low[:i]), sx)
		}
		return operandText{op: m, size: size}, err
	}
	if size != 0 {
		return operandText{}, fmt.Errorf("size keyword on a non-memory operand %q", t)
	}
	if r, ok := lookupReg(low); ok {
		return operandText{op: R(r)}, nil
	}
	if low[0] == '-' || low[0] == '+' || low[0] >= '0' && low[0] <= '9' {
		v, err := parseNumber(low, sx)
		return operandText{op: I(v)}, err
	}
	return operandText{}, fmt.Errorf("unknown operand %q", t)
}

// parseAddr reads base + index*scale + disp in any order, with +/- separated terms.
func parseAddr(s string, sx syntax) (Operand, error) {
	m := Operand{Kind: KindMem, Base: NoReg, Index: NoReg, Scale: 1}
	var disp int64
	rest := strings.TrimSpace(s)
	if sx == nasm { // NASM's "nosplit": keep [index*2] as written (our printer emits it)
		if r, ok := strings.CutPrefix(rest, "nosplit "); ok {
			rest = strings.TrimSpace(r)
		}
	}
	if rest == "" {
		return m, fmt.Errorf("empty memory operand")
	}
	for first := true; rest != ""; first = false {
		neg := false
		if rest[0] == '+' || rest[0] == '-' {
			neg = rest[0] == '-'
			rest = strings.TrimSpace(rest[1:])
		} else if !first {
			return m, fmt.Errorf("expected + or - in memory operand [%s]", s)
		}
		end := strings.IndexAny(rest, "+-")
		if end < 0 {
			end = len(rest)
		}
		term := strings.TrimSpace(rest[:end])
		rest = strings.TrimSpace(rest[end:])
		if err := addTerm(&m, &disp, term, neg, sx); err != nil {
			return m, fmt.Errorf("memory operand [%s]: %w", s, err)
		}
	}
	if m.Base == NoReg {
		if m.Index == NoReg {
			return m, fmt.Errorf("memory operand [%s] has no base register", s)
		}
		if m.Scale == 1 {
			m.Base, m.Index = m.Index, NoReg
		} // else index*scale alone, as in CryptOpt's "lea rbp, [ 4 * r15]"
	}
	m.Disp = int32(disp)
	return m, nil
}

func addTerm(m *Operand, disp *int64, term string, neg bool, sx syntax) error {
	if term == "" {
		return fmt.Errorf("empty term")
	}
	if reg, scale, ok, err := scaledReg(term); err != nil {
		return err
	} else if ok {
		if neg {
			return fmt.Errorf("register %s subtracted", reg)
		}
		return placeReg(m, reg, scale)
	}
	v, err := parseNumber(term, sx)
	if err != nil {
		return err
	}
	if neg {
		v = -v
	}
	if v > math.MaxUint32 || v < -math.MaxUint32 {
		return fmt.Errorf("displacement %s out of range", term)
	}
	*disp += v
	if *disp > math.MaxInt32 || *disp < math.MinInt32 {
		return fmt.Errorf("displacement out of 32-bit range")
	}
	return nil
}

func addOuterDisp(m *Operand, s string, sx syntax) error {
	v, err := parseNumber(s, sx)
	if err != nil {
		return fmt.Errorf("memory operand: %w", err)
	}
	d := int64(m.Disp) + v
	if v > math.MaxUint32 || v < -math.MaxUint32 || d > math.MaxInt32 || d < math.MinInt32 {
		return fmt.Errorf("displacement %s out of range", s)
	}
	m.Disp = int32(d)
	return nil
}

// scaledReg reads "reg", "reg*n" or "n*reg".
func scaledReg(term string) (Reg, uint8, bool, error) {
	a, b, star := strings.Cut(term, "*")
	a, b = strings.TrimSpace(a), strings.TrimSpace(b)
	if !star {
		r, ok := lookupReg(a)
		if !ok && a != "" && (a[0] < '0' || a[0] > '9') {
			return NoReg, 0, false, fmt.Errorf("unknown register %q", a)
		}
		return r, 1, ok, nil
	}
	r, ok := lookupReg(a)
	n := b
	if !ok {
		r, ok = lookupReg(b)
		n = a
	}
	if !ok {
		return NoReg, 0, false, fmt.Errorf("bad scaled index %q", term)
	}
	switch n {
	case "1", "2", "4", "8":
		return r, n[0] - '0', true, nil
	}
	return NoReg, 0, false, fmt.Errorf("bad scale in %q", term)
}

func placeReg(m *Operand, r Reg, scale uint8) error {
	if !r.IsGP64() {
		return fmt.Errorf("address register %s is not a 64-bit register", r)
	}
	if scale == 1 && m.Base == NoReg {
		m.Base = r
		return nil
	}
	if m.Index != NoReg {
		return fmt.Errorf("more than two address registers")
	}
	m.Index, m.Scale = r, scale
	return nil
}
