package main

import (
	"fmt"

	"github.com/rules-cryptopt/rules_cryptopt/codegen"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
	"github.com/rules-cryptopt/rules_cryptopt/x86/goasm"
)

// syntaxes are the values of --syntax.
const syntaxHelp = "assembly syntax: gnu (.S, Intel syntax), nasm, or go (Go assembly for amd64, ABI0: " +
	"generated and timed under Go's constraints)"

// checkSyntax rejects an unknown --syntax and sets the code generation target it implies:
// Go assembly is generated (and so timed) without red zone, with Go's frame, rbp untouched.
func checkSyntax(syntax string, opts *codegen.Options) error {
	switch syntax {
	case "gnu", "nasm":
	case "go":
		opts.Target = codegen.TargetGo
	default:
		return fmt.Errorf("--syntax %q: want gnu, nasm or go", syntax)
	}
	return nil
}

// printAsm prints prog in syntax. A Go function is named after the symbol and takes
// out1, arg1 (and arg2) as pointers to limb arrays.
func printAsm(syntax string, prog *x86.Program, nargs int) ([]byte, error) {
	switch syntax {
	case "nasm":
		return x86.PrintNASM(prog), nil
	case "go":
		params := []string{"out1", "arg1", "arg2"}[:1+nargs]
		fn, err := goasm.NewFunc(prog.Symbol, params, prog)
		if err != nil {
			return nil, err
		}
		f := goasm.File{Header: prog.Header, Funcs: []*goasm.Func{fn}}
		return f.Print()
	}
	return x86.PrintGNU(prog), nil
}
