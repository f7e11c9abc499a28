package main

import (
	"bufio"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
)

// Inst is one disassembled instruction: its mnemonic and Intel-order operands.
type Inst struct {
	Op   string
	Args []string
}

// instLine matches an instruction line of `objdump -d --no-show-raw-insn -M intel`.
var instLine = regexp.MustCompile(`^\s+[0-9a-f]+:\s+(\S+)\s*(.*?)\s*(#.*)?$`)

// symLine matches a symbol's header line, e.g. "0000000000000000 <f>:".
var symLine = regexp.MustCompile(`^[0-9a-f]+ <([^>]+)>:$`)

// Parse reads objdump output and returns the instructions of symbol sym (of the first
// symbol when sym is empty). Prefixes such as "rep" or "bnd" and padding nops are kept
// as written: they are instructions the CPU decodes.
func Parse(r io.Reader, sym string) ([]Inst, error) {
	var out []Inst
	in, found := false, false
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := sc.Text()
		if m := symLine.FindStringSubmatch(line); m != nil {
			in = !found && (sym == "" || m[1] == sym)
			found = found || in
			continue
		}
		m := instLine.FindStringSubmatch(line)
		if !in || m == nil {
			continue
		}
		ins := Inst{Op: m[1]}
		if m[2] != "" {
			ins.Args = strings.Split(m[2], ",")
		}
		out = append(out, ins)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading objdump output: %w", err)
	}
	if !found {
		return nil, fmt.Errorf("symbol %q not found in the objdump output", sym)
	}
	return out, nil
}

// regAlias maps 32-, 16- and 8-bit register names to their 64-bit register.
var regAlias = func() map[string]string {
	m := map[string]string{}
	for _, r := range []string{"ax", "bx", "cx", "dx", "si", "di", "bp", "sp"} {
		m["r"+r], m["e"+r], m[r] = "r"+r, "r"+r, "r"+r
	}
	for _, r := range []string{"a", "b", "c", "d"} {
		m[r+"l"], m[r+"h"] = "r"+r+"x", "r"+r+"x"
	}
	for _, r := range []string{"si", "di", "bp", "sp"} {
		m[r+"l"] = "r" + r
	}
	for i := 8; i < 16; i++ {
		r := "r" + strconv.Itoa(i)
		m[r], m[r+"d"], m[r+"w"], m[r+"b"] = r, r, r, r
	}
	return m
}()

// reg64 is the 64-bit register an operand names, or "" when it is not a general register.
func reg64(arg string) string { return regAlias[strings.TrimSpace(arg)] }

// isMem reports a memory operand (lea's is an address, see Inst.memArg).
func isMem(arg string) bool { return strings.Contains(arg, "[") }

// memBase is the base register of a memory operand and its displacement.
func memBase(arg string) (string, int64) {
	a := arg[strings.Index(arg, "[")+1 : strings.LastIndex(arg, "]")]
	base, disp := a, int64(0)
	if i := strings.IndexAny(a, "+-"); i >= 0 {
		base = a[:i]
		if v, err := strconv.ParseInt(strings.ReplaceAll(a[i+1:], "0x", ""), 16, 64); err == nil && !strings.Contains(a[i+1:], "*") {
			disp = v
			if a[i] == '-' {
				disp = -v
			}
		}
	}
	return regAlias[base], disp
}

// stackDelta is how much ins moves rsp (push -8, pop +8, sub/add rsp, imm).
func stackDelta(ins Inst) int64 {
	switch {
	case ins.Op == "push":
		return -8
	case ins.Op == "pop":
		return 8
	case (ins.Op == "sub" || ins.Op == "add") && len(ins.Args) == 2 && reg64(ins.Args[0]) == "rsp":
		v, err := strconv.ParseInt(strings.TrimPrefix(ins.Args[1], "0x"), 16, 64)
		if err != nil {
			return 0
		}
		if ins.Op == "sub" {
			return -v
		}
		return v
	}
	return 0
}
