package fields

import (
	"fmt"
	"math/big"
	"sort"
	"strings"
)

// entry describes one catalogue field; the Field is derived so callers get fresh values.
type entry struct {
	name, method, prime string // prime as a sum/difference of powers of two or decimal
	limbs               int
	fiat                string // Fiat function prefix, e.g. "fiat_p256_"
	unsatOps            bool   // Fiat names mul/square carry_mul/carry_square
	ladder              bool   // has the Montgomery-ladder ops (LadderOps)
}

func catalogue() []entry {
	return []entry{
		{"curve25519", Solinas, "2^255 - 19", 5, "fiat_25519_", true, true},
		{"curve25519_solinas", SaturatedSolinas, "2^255 - 19", 4, "fiat_curve25519_solinas_", false, true},
		{"p224", Montgomery, "2^224 - 2^96 + 1", 4, "fiat_p224_", false, false},
		{"p256", Montgomery, "2^256 - 2^224 + 2^192 + 2^96 - 1", 4, "fiat_p256_", false, false},
		{"p384", Montgomery, "2^384 - 2^128 - 2^96 + 2^32 - 1", 6, "fiat_p384_", false, false},
		{"p434", Montgomery, "2^216 * 3^137 - 1", 7, "fiat_p434_", false, false},
		{"sm2", Montgomery, "2^256 - 2^224 - 2^96 + 2^64 - 1", 4, "fiat_sm2_", false, false},
		{"secp256k1_montgomery", Montgomery, "2^256 - 2^32 - 977", 4, "fiat_secp256k1_montgomery_", false, false},
		{"p448_solinas", Solinas, "2^448 - 2^224 - 1", 8, "fiat_p448_", true, false},
		// Not in Fiat: 7×64 saturated with the Goldilocks fold (2^448 ≡ 2^224 + 1), as circl's fp448.
		{"p448_saturated", SaturatedSolinas, "2^448 - 2^224 - 1", 7, "", false, false},
		{"p521", Solinas, "2^521 - 1", 9, "fiat_p521_", true, false},
		{"poly1305", Solinas, "2^130 - 5", 3, "fiat_poly1305_", true, false},
		{"secp256k1_dettman", Dettman, "2^256 - 2^32 - 977", 5, "fiat_secp256k1_dettman_", false, false},
	}
}

// All is the catalogue, in a fixed order.
func All() []Field {
	var out []Field
	for _, e := range catalogue() {
		out = append(out, e.field())
	}
	return out
}

// Names lists the catalogue names, sorted.
func Names() []string {
	var names []string
	for _, e := range catalogue() {
		names = append(names, e.name)
	}
	sort.Strings(names)
	return names
}

// Lookup finds a catalogue field by name.
func Lookup(name string) (Field, error) {
	for _, e := range catalogue() {
		if e.name == name {
			return e.field(), nil
		}
	}
	return Field{}, fmt.Errorf("unknown field %q (known: %s)", name, strings.Join(Names(), ", "))
}

func (e entry) field() Field {
	p := parsePrimeExpr(e.prime)
	F, err := newField(e.name, p, e.method, e.limbs)
	if err != nil {
		// The catalogue is constant and covered by tests; reaching this is a programming error.
		panic(fmt.Sprintf("fields: catalogue entry %s: %v", e.name, err))
	}
	if e.ladder {
		F.LadderOps = append([]string(nil), ladderOps...)
		// The composite step only on saturated limbs: on 5×51 the checker's intervals of
		// the values passed between the inlined calls are too loose for its carry rules,
		// so the step would not be proved (docs/x25519.md, "The fused ladder step").
		if F.Method == SaturatedSolinas {
			F.LadderOps = append(F.LadderOps, OpLadderStep)
		}
	}
	if weierFields[e.name] {
		F.WeierOps = append([]string(nil), weierOps...)
		if a, ok := jacA[e.name]; ok && a == 0 { // the unified and co-Z additions: a = 0 only
			F.WeierOps = append(F.WeierOps, OpJacAddUnified, OpCoZAdd)
		}
	}
	return F
}

// FiatName is the name Fiat Cryptography gives op of a catalogue field ("" if none).
func (F Field) FiatName(op string) string {
	for _, e := range catalogue() {
		if e.name != F.Name || e.fiat == "" {
			continue
		}
		if e.unsatOps && (op == "mul" || op == "square") {
			op = "carry_" + op
		}
		return e.fiat + op
	}
	return ""
}

// ParseFiatName splits a Fiat function name such as "fiat_p256_mul" or
// "fiat_25519_carry_square" into a field name (the catalogue name when the prefix is a
// catalogue field's, else the bare prefix) and an op.
func ParseFiatName(fn string) (field, op string, err error) {
	for _, e := range catalogue() {
		if rest, ok := strings.CutPrefix(fn, e.fiat); ok && e.fiat != "" {
			if op, ok := fiatOp(rest); ok {
				return e.name, op, nil
			}
		}
	}
	rest, ok := strings.CutPrefix(fn, "fiat_")
	if !ok {
		return "", "", fmt.Errorf("function name %q does not start with fiat_", fn)
	}
	for _, suffix := range []string{"carry_mul", "carry_square", "mul", "square", "add", "sub", "opp", "carry"} {
		if f, ok := strings.CutSuffix(rest, "_"+suffix); ok && f != "" {
			op, _ := fiatOp(suffix)
			return f, op, nil
		}
	}
	return "", "", fmt.Errorf("function name %q has no known op suffix (mul, square, add, sub, opp, carry)", fn)
}

func fiatOp(s string) (string, bool) {
	s = strings.TrimPrefix(s, "carry_")
	if _, ok := opArity[s]; ok {
		return s, true
	}
	return "", false
}

// parsePrimeExpr evaluates "2^a * 3^b - 2^c + d" style catalogue expressions.
func parsePrimeExpr(s string) *big.Int {
	total := new(big.Int)
	sign := 1
	for _, tok := range strings.Fields(s) {
		switch tok {
		case "+":
			sign = 1
			continue
		case "-":
			sign = -1
			continue
		case "*":
			sign = 0 // multiply the previous term
			continue
		}
		t := power(tok)
		switch sign {
		case 1:
			total.Add(total, t)
		case -1:
			total.Sub(total, t)
		case 0:
			total.Mul(total, t)
		}
	}
	return total
}

func power(tok string) *big.Int {
	base, exp, ok := strings.Cut(tok, "^")
	b, _ := new(big.Int).SetString(base, 10)
	if !ok {
		return b
	}
	e, _ := new(big.Int).SetString(exp, 10)
	return new(big.Int).Exp(b, e, nil)
}
