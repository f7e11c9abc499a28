package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/rules-cryptopt/rules_cryptopt/checker"
	"github.com/rules-cryptopt/rules_cryptopt/gopkg"
	"github.com/rules-cryptopt/rules_cryptopt/internal/infile"
	"github.com/rules-cryptopt/rules_cryptopt/internal/outfile"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
	"github.com/rules-cryptopt/rules_cryptopt/x86/goasm"
)

// goCheck is one function check-go proves: the op whose IR it must compute, its TEXT
// symbol, its proof model, and its stamp (nil: none).
type goCheck struct {
	op, fn, model string
	stamp         *outfile.Output
}

// checkGoFlags are check-go's own flags (the source flags and --stamp apart).
type checkGoFlags struct {
	s, fn, model, goCmd, fieldFiat string
	ops, models, stamps            string
}

// cmdCheckGo re-proves functions of a Go assembly file: the Go assembler's bytes for each
// function must be exactly its model's (goasm.Verify), and the model is proved equivalent
// to the IR (the checker). The models are what 'gopkg --models' writes. With --ops the
// file is assembled once for all the functions (the Bazel rule's one action per package):
// each is proved exactly as its own --op run would, and the stamps are written all or none.
func cmdCheckGo(env *cliEnv, args []string) error {
	fs := newFlagSet(env, "check-go", "check-go --curve C (--op O --go-func NAME --model OP.S [--stamp FILE] | --ops O,O,... --models DIR [--stamps DIR]) [--field-fiat FILE] --s FILE_amd64.s [--go go]")
	var src sourceFlags
	src.register(fs)
	var f checkGoFlags
	fs.StringVar(&f.s, "s", "", "the Go assembly file (as gopkg wrote it)")
	fs.StringVar(&f.fn, "go-func", "", "the Go function (TEXT symbol) in it, e.g. mul")
	fs.StringVar(&f.model, "model", "", "the function's proof model (gopkg --models)")
	fs.StringVar(&f.ops, "ops", "", "instead of --op, --go-func and --model: prove each of these comma-separated ops' functions (the TEXT symbol is the op, as gopkg names them), assembling --s once")
	fs.StringVar(&f.models, "models", "", "with --ops: the models' directory, DIR/OP.S (gopkg --models)")
	fs.StringVar(&f.stamps, "stamps", "", "with --ops: write each function's stamp (what --stamp writes) to DIR/OP.check.json, only when every function is proved")
	fs.StringVar(&f.goCmd, "go", "go", "the go command whose assembler makes the bytes")
	fs.StringVar(&f.fieldFiat, "field-fiat", "", "with --curve C --op O: prove against op's function of this Fiat JSON file, chosen and checked as 'gopkg --fiat' does")
	set, stampOut, err := parseStamped(env, fs, args)
	if err != nil {
		return err
	}
	defer set.Abort()
	checks, err := goChecks(set, &src, f, stampOut)
	if err != nil {
		return err
	}
	var fiat []byte
	if f.fieldFiat != "" {
		if fiat, err = infile.Read(f.fieldFiat, "--field-fiat", infile.MaxFiat, infile.StreamTimeout); err != nil {
			return err
		}
	}
	text, err := infile.Read(f.s, "--s", infile.MaxAsm, infile.StreamTimeout)
	if err != nil {
		return err
	}
	const pkgPath = "cryptopt.invalid/checkgo"
	syms, err := goasm.Assemble(context.Background(), f.goCmd, pkgPath, text)
	if err != nil {
		return oneLine(err)
	}
	var failed []string
	for _, c := range checks {
		err := proveGoFunc(env, src, fiat, f.s, c, syms[pkgPath+"."+c.fn])
		var ee *exitError
		switch {
		case err == nil:
		case len(checks) == 1 || !errors.As(err, &ee) || ee.code != 1:
			return err // one function, or bad input: as a run of that function alone
		default:
			fmt.Fprintf(env.stderr, "cryptopt check-go: %s\n", clipMessage(err.Error()))
			failed = append(failed, c.fn)
		}
	}
	if len(failed) > 0 {
		return notProved(fmt.Errorf("%s: %d of %d functions not proved: %s", f.s, len(failed), len(checks), strings.Join(failed, ", ")))
	}
	return set.Commit()
}

// goChecks are the functions the flags name, their stamps staged in set: one from --op,
// --go-func and --model (stamp: --stamp's output), or one per op of --ops.
func goChecks(set *outfile.Set, src *sourceFlags, f checkGoFlags, stamp *outfile.Output) ([]goCheck, error) {
	if f.ops == "" {
		switch {
		case f.models != "" || f.stamps != "":
			return nil, errors.New("--models and --stamps go with --ops")
		case f.s == "" || f.fn == "" || f.model == "":
			return nil, errors.New("--s, --go-func and --model are required (or --s, --ops and --models)")
		}
		return []goCheck{{op: src.op, fn: f.fn, model: f.model, stamp: stamp}}, nil
	}
	switch {
	case src.op != "" || f.fn != "" || f.model != "" || stamp != nil:
		return nil, errors.New("--ops replaces --op, --go-func, --model and --stamp (use --models and --stamps)")
	case f.s == "" || f.models == "":
		return nil, errors.New("--ops needs --s and --models")
	}
	var checks []goCheck
	seen := map[string]bool{}
	for _, op := range strings.Split(f.ops, ",") {
		if op == "" || seen[op] || strings.ContainsAny(op, `/\`) {
			return nil, fmt.Errorf("--ops %s: want distinct ops separated by commas", outfile.Clip(f.ops))
		}
		seen[op] = true
		c := goCheck{op: op, fn: op, model: filepath.Join(f.models, op+".S")}
		if f.stamps != "" {
			o, err := set.Add("--stamps", filepath.Join(f.stamps, op+".check.json"))
			if err != nil {
				return nil, err
			}
			c.stamp = o
		}
		checks = append(checks, c)
	}
	return checks, nil
}

// proveGoFunc proves one function of the assembled file (sym: its bytes, nil if the file
// has no such function) against src with op c.op and stages its stamp.
func proveGoFunc(env *cliEnv, src sourceFlags, fiat []byte, sPath string, c goCheck, sym *goasm.Symbol) error {
	src.op = c.op
	s, err := src.resolve()
	if err != nil {
		return oneLine(err)
	}
	fn0 := s.Func
	if fiat != nil {
		if fn0, err = fieldFiatFunc(s, fiat); err != nil {
			return oneLine(err)
		}
	}
	model, err := infile.Read(c.model, "--model", infile.MaxAsm, infile.StreamTimeout)
	if err != nil {
		return err
	}
	f, err := modelFunc(c.fn, len(s.Func.Params), model)
	if err != nil {
		return oneLine(fmt.Errorf("%s: %w", c.model, err))
	}
	if sym == nil {
		return fmt.Errorf("%s: no function %s", sPath, c.fn)
	}
	if err := goasm.Verify(f, sym); err != nil {
		return notProved(oneLine(fmt.Errorf("%s: %w", c.fn, err)))
	}
	rep, err := checker.Check(fn0, model, checker.Options{Seed: 1})
	if err != nil {
		return oneLine(fmt.Errorf("%s: %w", c.model, err))
	}
	printReport(reportWriter(env, c.stamp != nil, rep.Proved), sPath+" ("+c.fn+")", rep)
	if !rep.Proved {
		return notProved(fmt.Errorf("%s: %s not proved equivalent to %s", sPath, c.fn, rep.Function))
	}
	if bytes.HasPrefix(model, []byte(gopkg.AliasSafeClaim+"\n")) && !rep.AliasSafe {
		return notProved(fmt.Errorf("%s: %s reads an input limb after writing out1's at its offset, but its model claims out1 may alias the inputs", sPath, c.fn))
	}
	return writeStamp(c.stamp, rep)
}

// fieldFiatFunc is the Fiat function gopkg --fiat used for s's field and op, from the
// --field-fiat file's contents.
func fieldFiatFunc(s *source, data []byte) (*ir.Func, error) {
	if s.Fields == nil || s.Op == "" {
		return nil, errors.New("--field-fiat goes with --curve C --op O or --prime P ... --op O")
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
