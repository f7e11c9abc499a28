package goasm

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// NewFunc makes the Go function name(params...) from a program generated with
// codegen.TargetGo (see Split). params are the Go parameter names, output first.
func NewFunc(name string, params []string, p *x86.Program) (*Func, error) {
	if len(params) < 2 || len(params) > len(argRegs) {
		return nil, fmt.Errorf("goasm: %s: %d parameters, want 2 or 3", name, len(params))
	}
	frame, body, err := Split(p)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return &Func{Name: name, Params: params, Frame: frame, Body: body}, nil
}

// File is one Go assembly file: comment lines, an optional build constraint, functions.
type File struct {
	Header    []string // comment lines (without "// "), e.g. the "Code generated" line
	BuildTags string   // e.g. "amd64 && !purego"; empty for none
	Funcs     []*Func
}

// Print renders the file. Each function is
//
//	TEXT ·name(SB), NOSPLIT, $frame-args
//	MOVQ out+0(FP), DI ... (the argument loads)
//	body
//	RET
//
// NOSPLIT because the functions are leaves with small frames (no stack check needed).
func (f *File) Print() ([]byte, error) {
	var b bytes.Buffer
	for _, h := range f.Header {
		b.WriteString(strings.TrimRight("// "+h, " ") + "\n")
	}
	if f.BuildTags != "" {
		b.WriteString("\n//go:build " + f.BuildTags + "\n")
	}
	b.WriteString("\n#include \"textflag.h\"\n")
	for _, fn := range f.Funcs {
		if err := fn.print(&b); err != nil {
			return nil, err
		}
	}
	return b.Bytes(), nil
}

func (fn *Func) print(b *bytes.Buffer) error {
	fmt.Fprintf(b, "\n// func %s(%s *[...]uint64)\n", fn.Name, strings.Join(fn.Params, ", "))
	fmt.Fprintf(b, "TEXT ·%s(SB), NOSPLIT, $%d-%d\n", fn.Name, fn.Frame, 8*len(fn.Params))
	for i, p := range fn.Params {
		fmt.Fprintf(b, "\tMOVQ\t%s+%d(FP), %s\n", p, 8*i, goReg64[argRegs[i]])
	}
	for _, in := range fn.Body {
		text, err := Inst(in)
		if err != nil {
			return fmt.Errorf("goasm: %s: %w", fn.Name, err)
		}
		if in.Comment != "" {
			text += "\t// " + in.Comment
		}
		b.WriteString("\t" + text + "\n")
	}
	b.WriteString("\tRET\n")
	return nil
}
