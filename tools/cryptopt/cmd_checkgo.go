package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"

	"github.com/rules-cryptopt/rules_cryptopt/checker"
	"github.com/rules-cryptopt/rules_cryptopt/gopkg"
	"github.com/rules-cryptopt/rules_cryptopt/internal/infile"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
	"github.com/rules-cryptopt/rules_cryptopt/x86/goasm"
)

// cmdCheckGo re-proves one function of a Go assembly file: the Go assembler's bytes for
// the function must be exactly the model's (goasm.Verify), and the model is proved
// equivalent to the IR (the checker). The model is what 'gopkg --models' writes.
func cmdCheckGo(env *cliEnv, args []string) error {
	fs := newFlagSet(env, "check-go", "check-go --curve C --op O [--field-fiat FILE] --s FILE_amd64.s --go-func NAME --model OP.S [--go go]")
	var src sourceFlags
	src.register(fs)
	sPath := fs.String("s", "", "the Go assembly file (as gopkg wrote it)")
	fn := fs.String("go-func", "", "the Go function (TEXT symbol) in it, e.g. mul")
	modelPath := fs.String("model", "", "the function's proof model (gopkg --models)")
	goCmd := fs.String("go", "go", "the go command whose assembler makes the bytes")
	fieldFiat := fs.String("field-fiat", "", "with --curve C --op O: prove against op's function of this Fiat JSON file, chosen and checked as 'gopkg --fiat' does")
	set, stampOut, err := parseStamped(env, fs, args)
	if err != nil {
		return err
	}
	defer set.Abort()
	if *sPath == "" || *fn == "" || *modelPath == "" {
		return errors.New("--s, --go-func and --model are required")
	}
	s, err := src.resolve()
	if err != nil {
		return oneLine(err)
	}
	fn0 := s.Func
	if *fieldFiat != "" {
		if fn0, err = fieldFiatFunc(s, *fieldFiat); err != nil {
			return oneLine(err)
		}
	}
	model, err := infile.Read(*modelPath, "--model", infile.MaxAsm, infile.StreamTimeout)
	if err != nil {
		return err
	}
	text, err := infile.Read(*sPath, "--s", infile.MaxAsm, infile.StreamTimeout)
	if err != nil {
		return err
	}
	f, err := modelFunc(*fn, len(s.Func.Params), model)
	if err != nil {
		return oneLine(fmt.Errorf("%s: %w", *modelPath, err))
	}
	const pkgPath = "cryptopt.invalid/checkgo"
	syms, err := goasm.Assemble(context.Background(), *goCmd, pkgPath, text)
	if err != nil {
		return oneLine(err)
	}
	sym, ok := syms[pkgPath+"."+*fn]
	if !ok {
		return fmt.Errorf("%s: no function %s", *sPath, *fn)
	}
	if err := goasm.Verify(f, sym); err != nil {
		return notProved(oneLine(err))
	}
	rep, err := checker.Check(fn0, model, checker.Options{Seed: 1})
	if err != nil {
		return oneLine(fmt.Errorf("%s: %w", *modelPath, err))
	}
	printReport(reportWriter(env, stampOut != nil, rep.Proved), *sPath+" ("+*fn+")", rep)
	if !rep.Proved {
		return notProved(fmt.Errorf("%s: %s not proved equivalent to %s", *sPath, *fn, rep.Function))
	}
	if bytes.HasPrefix(model, []byte(gopkg.AliasSafeClaim+"\n")) && !rep.AliasSafe {
		return notProved(fmt.Errorf("%s: %s reads an input limb after writing out1's at its offset, but its model claims out1 may alias the inputs", *sPath, *fn))
	}
	return commitStamp(set, stampOut, rep)
}

// fieldFiatFunc is the Fiat function gopkg --fiat used for s's field and op.
func fieldFiatFunc(s *source, file string) (*ir.Func, error) {
	if s.Fields == nil || s.Op == "" {
		return nil, errors.New("--field-fiat goes with --curve C --op O or --prime P ... --op O")
	}
	data, err := infile.Read(file, "--field-fiat", infile.MaxFiat, infile.StreamTimeout)
	if err != nil {
		return nil, err
	}
	return gopkg.FiatFunc(*s.Fields, data, s.Op)
}

// modelFunc reads a proof model back into the Go function it describes.
func modelFunc(name string, nargs int, model []byte) (*goasm.Func, error) {
	prog, err := x86.Parse(model)
	if err != nil {
		return nil, err
	}
	params := []string{"out1", "arg1", "arg2"}[:1+nargs]
	return goasm.NewFunc(name, params, prog)
}
