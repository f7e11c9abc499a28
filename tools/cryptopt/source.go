package main

import (
	"errors"
	"flag"
	"fmt"
	"math/big"
	"os"
	"strconv"
	"strings"

	"github.com/rules-cryptopt/rules_cryptopt/fields"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// sourceFlags selects the function a subcommand works on: a catalogue field and op, a
// function of a Fiat JSON file, or a custom prime.
type sourceFlags struct {
	curve, op, fiat, fn, prime, method string
	limbs                              int
	constant                           string // of --op scmul
}

// source is the loaded function and what it is called.
type source struct {
	Field  string        // catalogue or derived field name ("custom" for --prime)
	Op     string        // mul, square, add, sub, opp, carry ("" if a Fiat name has no known op)
	Func   *ir.Func      // normalised and verified
	Symbol string        // default assembly/C symbol: cryptopt_<field>_<op>
	Fields *fields.Field // the field, nil for --fiat
}

// register adds the source flags to fs.
func (s *sourceFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&s.curve, "curve", "", "catalogue field, e.g. p256 (see 'cryptopt fields'); needs --op")
	fs.StringVar(&s.op, "op", "", "field operation: mul, square, add, sub, opp, carry (unsaturated fields); curve25519 fields also scmul (with --constant), from_bytes, to_bytes, cswap")
	fs.StringVar(&s.fiat, "fiat", "", "Fiat Cryptography JSON file to read the function from; needs --func")
	fs.StringVar(&s.fn, "func", "", "function name inside the --fiat file, e.g. fiat_p256_mul")
	fs.StringVar(&s.prime, "prime", "", "custom prime: decimal, 0x hex, or an expression like 2^127-1; needs --method, --limbs, --op")
	fs.StringVar(&s.method, "method", "", "representation of a custom prime: montgomery, solinas (unsaturated) or saturated-solinas")
	fs.IntVar(&s.limbs, "limbs", 0, "number of limbs of a custom prime")
	fs.StringVar(&s.constant, "constant", "", "the constant of --op scmul, e.g. 121666 (curve25519 fields)")
}

// load resolves the flags to a normalised, verified function.
func (s *sourceFlags) load() (*source, error) {
	src, err := s.resolve()
	if err != nil {
		return nil, oneLine(err)
	}
	f, err := ir.Normalize(src.Func)
	if err != nil {
		return nil, oneLine(fmt.Errorf("%s: %w", src.Func.Name, err))
	}
	src.Func = f
	return src, nil
}

func (s *sourceFlags) resolve() (*source, error) {
	modes := 0
	for _, set := range []bool{s.curve != "", s.fiat != "", s.prime != ""} {
		if set {
			modes++
		}
	}
	switch {
	case modes == 0:
		return nil, errors.New("no function given: use --curve C --op O, --fiat FILE --func NAME, or --prime P --method M --limbs N --op O")
	case modes > 1:
		return nil, errors.New("give only one of --curve, --fiat and --prime")
	case s.constant != "" && (s.curve == "" || s.op != fields.OpScmul):
		return nil, errors.New("--constant goes with --curve C --op scmul")
	case s.fiat == "" && s.fn != "":
		return nil, errors.New("--func needs --fiat")
	case s.prime == "" && (s.method != "" || s.limbs != 0):
		return nil, errors.New("--method and --limbs go with --prime")
	case s.fiat != "":
		return s.loadFiat()
	case s.op == "":
		return nil, errors.New("--op is required (mul, square, add, sub, opp, carry)")
	case s.curve != "":
		F, err := fields.Lookup(s.curve)
		if err != nil {
			return nil, err
		}
		if s.op == fields.OpScmul {
			return fromScmul(F, s.constant)
		}
		return fromField(F, s.op)
	}
	return s.loadPrime()
}

func fromField(F fields.Field, op string) (*source, error) {
	f, err := F.Func(op)
	if err != nil {
		return nil, err
	}
	return &source{Field: F.Name, Op: op, Func: f, Symbol: symbol(F.Name, op), Fields: &F}, nil
}

// fromScmul is scmul of F by the --constant k, named <field>_scmul_<k>.
func fromScmul(F fields.Field, constant string) (*source, error) {
	if constant == "" {
		return nil, fmt.Errorf("--op scmul needs --constant K (1..%d for %s)", F.MaxScmulConstant(), F.Name)
	}
	k, err := strconv.ParseUint(constant, 0, 64)
	if err != nil {
		return nil, fmt.Errorf("--constant %q is not an unsigned 64-bit number", constant)
	}
	f, err := F.ScmulFunc(k)
	if err != nil {
		return nil, err
	}
	op := strings.TrimPrefix(f.Name, F.Name+"_")
	return &source{Field: F.Name, Op: op, Func: f, Symbol: symbol(F.Name, op), Fields: &F}, nil
}

func (s *sourceFlags) loadFiat() (*source, error) {
	if s.fn == "" {
		return nil, errors.New("--fiat needs --func NAME (the function to read)")
	}
	if s.op != "" {
		return nil, errors.New("--op is not used with --fiat: the function name says the op")
	}
	data, err := os.ReadFile(s.fiat)
	if err != nil {
		return nil, fmt.Errorf("reading Fiat JSON: %w", err)
	}
	f, err := ir.ReadFiatFunc(data, s.fn)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", s.fiat, err)
	}
	src := &source{Func: f}
	field, op := splitFuncName(s.fn)
	src.Field, src.Op, src.Symbol = field, op, "cryptopt_"+field
	if op != "" {
		src.Symbol = symbol(field, op)
	}
	return src, nil
}

// splitFuncName names the field and op of a function read from JSON: Fiat's names
// ("fiat_25519_carry_mul" → curve25519, mul) and ours, as written by 'cryptopt ir'
// ("p256_mul" → p256, mul); otherwise the whole name and no op.
func splitFuncName(fn string) (field, op string) {
	if field, op, err := fields.ParseFiatName(fn); err == nil {
		return field, op
	}
	if i := strings.LastIndexByte(fn, '_'); i > 0 {
		switch fn[i+1:] {
		case "mul", "square", "add", "sub", "opp", "carry":
			return fn[:i], fn[i+1:]
		}
	}
	return strings.TrimPrefix(fn, "fiat_"), ""
}

func (s *sourceFlags) loadPrime() (*source, error) {
	if s.method == "" || s.limbs == 0 {
		return nil, errors.New("--prime needs --method and --limbs")
	}
	p, err := parsePrime(s.prime)
	if err != nil {
		return nil, err
	}
	F, err := fields.Custom(p, s.method, s.limbs)
	if err != nil {
		return nil, err
	}
	return fromField(F, s.op)
}

func symbol(field, op string) string { return "cryptopt_" + field + "_" + op }

// parsePrime reads a decimal or 0x number, or a sum of terms such as 2^255-19 or
// 2^216*3^137-1 (factors are numbers or base^exponent).
func parsePrime(s string) (*big.Int, error) {
	expr := strings.ReplaceAll(s, " ", "")
	bad := fmt.Errorf("--prime %q: want a number or an expression like 2^255-19", s)
	if expr == "" {
		return nil, bad
	}
	total, sign, start := new(big.Int), 1, 0
	for i := 0; i <= len(expr); i++ {
		if i < len(expr) && (expr[i] != '+' && expr[i] != '-' || i == start) {
			continue
		}
		t, err := parseTerm(expr[start:i])
		if err != nil {
			return nil, bad
		}
		if sign < 0 {
			t.Neg(t)
		}
		total.Add(total, t)
		if i < len(expr) {
			sign = map[byte]int{'+': 1, '-': -1}[expr[i]]
		}
		start = i + 1
	}
	if total.Sign() <= 0 {
		return nil, fmt.Errorf("--prime %q is not positive", s)
	}
	return total, nil
}

func parseTerm(t string) (*big.Int, error) {
	prod := big.NewInt(1)
	for _, f := range strings.Split(t, "*") {
		base, exp, isPow := strings.Cut(f, "^")
		b, ok := new(big.Int).SetString(base, 0)
		if !ok || b.Sign() < 0 {
			return nil, errors.New("bad number")
		}
		if isPow {
			e, err := strconv.Atoi(exp)
			if err != nil || e < 0 || e > 4096 {
				return nil, errors.New("bad exponent")
			}
			b.Exp(b, big.NewInt(int64(e)), nil)
		}
		prod.Mul(prod, b)
	}
	return prod, nil
}

// oneLine keeps an error message on one line, as the CLI promises.
func oneLine(err error) error {
	msg := err.Error()
	if !strings.ContainsAny(msg, "\r\n") {
		return err
	}
	return errors.New(strings.Join(strings.Fields(msg), " "))
}

// writeOutput writes data to path atomically (see pendingFile), or to the command's
// stdout when path is empty or "-".
func writeOutput(env *cliEnv, path string, data []byte) error {
	if path == "" || path == "-" {
		_, err := env.stdout.Write(data)
		return err
	}
	p, err := createPending(path)
	if err != nil {
		return err
	}
	if _, err := p.Write(data); err != nil {
		p.abort()
		return fmt.Errorf("writing %s: %w", path, unwrapPath(err))
	}
	return p.commit()
}
