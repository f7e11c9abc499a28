package main

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/rules-cryptopt/rules_cryptopt/fields"
	"github.com/rules-cryptopt/rules_cryptopt/internal/infile"
	"github.com/rules-cryptopt/rules_cryptopt/internal/outfile"
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
	fs.StringVar(&s.op, "op", "", "field operation: mul, square, add, sub, opp, carry (unsaturated fields); curve25519 fields also scmul (with --constant), from_bytes, to_bytes, cswap, and curve25519_solinas ladderstep (a whole X25519 ladder step); p256 and secp256k1_montgomery also from_montgomery, to_montgomery, from_bytes, to_bytes, selectznz, nonzero")
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
	data, err := infile.Read(s.fiat, "--fiat", infile.MaxFiat, infile.StreamTimeout)
	if err != nil {
		return nil, err
	}
	f, err := findFiatFunc(data, s.fn)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", outfile.Clip(s.fiat), err)
	}
	src := &source{Func: f}
	field, op := splitFuncName(s.fn)
	src.Field, src.Op, src.Symbol = field, op, "cryptopt_"+field
	if op != "" {
		src.Symbol = symbol(field, op)
	}
	return src, nil
}

// findFiatFunc reads the function called name from Fiat JSON, refusing a file that
// defines it twice (which one would be meant?).
func findFiatFunc(data []byte, name string) (*ir.Func, error) {
	fns, err := ir.ReadFiat(data)
	if err != nil {
		return nil, err
	}
	var found *ir.Func
	var names []string
	for _, f := range fns {
		if f.Name != name {
			names = append(names, f.Name)
			continue
		}
		if found != nil {
			return nil, fmt.Errorf("function %s is defined twice", outfile.Clip(name))
		}
		found = f
	}
	if found == nil {
		have := strings.Join(names, ", ")
		if len(have) > 200 {
			have = have[:200] + ", …"
		}
		return nil, fmt.Errorf("fiat json: no function %s (have %s)", outfile.Clip(name), have)
	}
	return found, nil
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
	if s.limbs < 1 || s.limbs > maxLimbs {
		return nil, fmt.Errorf("--limbs %d out of range 1..%d", s.limbs, maxLimbs)
	}
	p, err := parsePrime(s.prime, 64*s.limbs)
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
// 2^216*3^137-1 (factors are numbers or base^exponent). maxBits bounds the value: the
// size of every factor is known from its text before any arithmetic, so no expression
// costs more than numbers of about maxBits bits.
func parsePrime(s string, maxBits int) (*big.Int, error) {
	if len(s) > maxPrimeLen {
		return nil, fmt.Errorf("--prime %s is longer than %d characters", outfile.Clip(s), maxPrimeLen)
	}
	expr := strings.ReplaceAll(s, " ", "")
	bad := fmt.Errorf("--prime %s: want a number or an expression like 2^255-19", outfile.Clip(s))
	if expr == "" {
		return nil, bad
	}
	total, sign, start := new(big.Int), 1, 0
	for i := 0; i <= len(expr); i++ {
		if i < len(expr) && (expr[i] != '+' && expr[i] != '-' || i == start) {
			continue
		}
		t, err := parseTerm(expr[start:i], maxBits+64)
		if errors.Is(err, errTooBig) {
			return nil, fmt.Errorf("--prime %s does not fit %d limbs: a term has more than %d bits", outfile.Clip(s), maxBits/64, maxBits)
		}
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
		return nil, fmt.Errorf("--prime %s is not positive", outfile.Clip(s))
	}
	if total.BitLen() > maxBits {
		return nil, fmt.Errorf("--prime %s does not fit %d limbs: it has %d bits", outfile.Clip(s), maxBits/64, total.BitLen())
	}
	return total, nil
}

// errTooBig is a term whose value would exceed the bound.
var errTooBig = errors.New("term too big")

// parseTerm multiplies the factors of t, refusing (before computing it) a product of more
// than maxBits bits: base^e has at most e·log2(base)+1 bits (log2 taken from the base's
// leading 64 bits, rounded up), and bases of 0 and 1 stay small whatever their exponent.
func parseTerm(t string, maxBits int) (*big.Int, error) {
	prod, bits := big.NewInt(1), 0.0
	for _, f := range strings.Split(t, "*") {
		base, exp, isPow := strings.Cut(f, "^")
		b, ok := new(big.Int).SetString(base, 0)
		if !ok || b.Sign() < 0 {
			return nil, errors.New("bad number")
		}
		e := 1
		if isPow {
			var err error
			if e, err = strconv.Atoi(exp); err != nil || e < 0 {
				return nil, errors.New("bad exponent")
			}
		}
		if b.BitLen() > 1 {
			if e > maxBits || b.BitLen() > maxBits {
				return nil, errTooBig
			}
			bits += float64(e)*log2Up(b) + 1
			if bits > float64(maxBits) {
				return nil, errTooBig
			}
		}
		if isPow {
			b.Exp(b, big.NewInt(int64(e)), nil)
		}
		prod.Mul(prod, b)
	}
	return prod, nil
}

// log2Up is an upper bound of log2(b) for b ≥ 2, exact to about 1e-9.
func log2Up(b *big.Int) float64 {
	n := b.BitLen()
	if n <= 64 {
		return math.Log2(float64(b.Uint64()))*(1+1e-12) + 1e-9
	}
	top := new(big.Int).Rsh(b, uint(n-64)).Uint64()
	return float64(n-64) + math.Log2(float64(top)+1)
}

// oneLine keeps an error message on one line, as the CLI promises.
func oneLine(err error) error {
	msg := err.Error()
	if !strings.ContainsAny(msg, "\r\n") {
		return err
	}
	return errors.New(strings.Join(strings.Fields(msg), " "))
}

// stageOutput probes the -o destination ("" or "-": standard output) before any work:
// a regular file is replaced atomically by Commit, a device or pipe written directly.
func stageOutput(env *cliEnv, path string) (*outfile.Set, *outfile.Output, error) {
	set := outfile.NewSet(env.stdout)
	o, err := set.Add("-o", cmp.Or(path, "-"))
	return set, o, err
}
