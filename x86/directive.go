package x86

import (
	"fmt"
	"strings"
)

// directive handles assembler directives: harmless ones are ignored, ones that would change
// the meaning of the code (data, other sections, AT&T syntax) are rejected.
func (ps *parser) directive(head string, args []string, st string) error {
	if ps.sx == nasm {
		return ps.nasmDirective(head, args, st)
	}
	switch head {
	case ".intel_syntax":
		if len(args) != 1 || strings.ToLower(args[0]) != "noprefix" {
			return fmt.Errorf(".intel_syntax without noprefix is not supported")
		}
		ps.intel = true
	case ".att_syntax":
		return fmt.Errorf("AT&T syntax is not supported")
	case ".globl", ".global":
		return ps.global(strings.Join(args, " "))
	case ".section":
		name := strings.TrimRight(strings.Fields(strings.ReplaceAll(st[len(head):], ",", " ") + " x")[0], ",")
		if !harmlessSection(name) {
			return fmt.Errorf("unsupported section %q", name)
		}
	case ".text", ".type", ".size", ".p2align", ".align", ".balign", ".file", ".ident",
		".hidden", ".local", ".loc", ".addrsig":
	default:
		if strings.HasPrefix(head, ".cfi_") {
			return nil
		}
		return fmt.Errorf("unsupported directive %q", head)
	}
	return nil
}

func (ps *parser) nasmDirective(head string, args []string, st string) error {
	switch head {
	case "section", "segment", "[section":
		if len(args) == 0 || !harmlessSection(strings.TrimRight(args[0], "]")) {
			return fmt.Errorf("unsupported section in %q", st)
		}
	case "global":
		return ps.global(strings.Join(args, " "))
	case "default":
		if len(args) != 1 || (strings.ToLower(args[0]) != "rel" && strings.ToLower(args[0]) != "abs") {
			return fmt.Errorf("unsupported directive %q", st)
		}
	case "bits", "[bits":
		if len(args) != 1 || strings.TrimRight(args[0], "]") != "64" {
			return fmt.Errorf("only 64-bit code is supported: %q", st)
		}
	case "align", "extern":
	}
	return nil
}

func harmlessSection(name string) bool {
	name = strings.Trim(name, "\"")
	return name == ".text" || strings.HasPrefix(name, ".text.") || strings.HasPrefix(name, ".note")
}

// global records a global symbol; NASM's "sym:function" type suffix is dropped.
func (ps *parser) global(arg string) error {
	arg = strings.TrimSpace(arg)
	if ps.sx == nasm {
		arg, _, _ = strings.Cut(arg, ":")
	}
	arg = ps.unquote(arg)
	if strings.Contains(arg, ",") || strings.ContainsAny(strings.TrimSpace(arg), " \t") {
		return fmt.Errorf("several global symbols (%s): expected exactly one function", arg)
	}
	if !validSymbol(arg) {
		return fmt.Errorf("invalid global symbol %q", arg)
	}
	for _, g := range ps.globals {
		if g == arg {
			return nil
		}
	}
	ps.globals = append(ps.globals, arg)
	if len(ps.globals) > 1 {
		return fmt.Errorf("several global symbols (%s): expected exactly one function", strings.Join(ps.globals, ", "))
	}
	return nil
}
