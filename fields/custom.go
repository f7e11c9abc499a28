package fields

import (
	"fmt"
	"math/big"
)

// maxLimbs bounds custom representations (the generated code grows as limbs²).
const maxLimbs = 16

// Custom builds a field named "custom" for any prime with a given method and limb count:
// montgomery for odd primes < 2^(64·limbs); solinas (unsaturated) and saturated-solinas
// for primes 2^k - c with c small enough that the generated code cannot overflow.
func Custom(prime *big.Int, method string, limbs int) (Field, error) {
	if prime == nil || prime.Sign() <= 0 {
		return Field{}, fmt.Errorf("prime must be a positive integer")
	}
	if !prime.ProbablyPrime(32) {
		return Field{}, fmt.Errorf("%#x is not prime", prime)
	}
	F, err := newField("custom", prime, method, limbs)
	if err != nil {
		return Field{}, err
	}
	// Generating every op runs the bound analysis that proves the representation works.
	for _, op := range F.Ops {
		if _, err := F.Func(op); err != nil {
			return Field{}, fmt.Errorf("prime %#x does not fit %d %s limbs: %w", prime, limbs, method, err)
		}
	}
	return F, nil
}

// newField derives the limb layout and op list of a method, checking the prime fits.
func newField(name string, p *big.Int, method string, n int) (Field, error) {
	if n < 1 || n > maxLimbs {
		return Field{}, fmt.Errorf("limb count %d out of range 1..%d", n, maxLimbs)
	}
	if p.Cmp(big.NewInt(3)) < 0 {
		return Field{}, fmt.Errorf("prime %v too small", p)
	}
	F := Field{Name: name, Prime: new(big.Int).Set(p), Method: method}
	basic := []string{"mul", "square", "add", "sub", "opp"}
	switch method {
	case Montgomery:
		if p.BitLen() > 64*n {
			return Field{}, fmt.Errorf("prime of %d bits does not fit %d×64-bit limbs", p.BitLen(), n)
		}
		if p.Bit(0) == 0 {
			return Field{}, fmt.Errorf("montgomery needs an odd modulus")
		}
		F.LimbBits, F.Ops = repeatInt(64, n), basic
	case SaturatedSolinas:
		if _, _, err := satReduction(p, n); err != nil {
			return Field{}, err
		}
		F.LimbBits, F.Ops = repeatInt(64, n), basic
	case Solinas:
		if n < 2 {
			return Field{}, fmt.Errorf("solinas needs at least 2 limbs")
		}
		k := p.BitLen()
		F.LimbBits = splitBits(k, n)
		if F.LimbBits[0] > 62 {
			return Field{}, fmt.Errorf("prime of %d bits needs more than %d unsaturated limbs (at most 62 bits each)", k, n)
		}
		if _, err := newRepr(F); err != nil {
			return Field{}, err
		}
		F.Ops = append(basic, "carry")
	case Dettman:
		if p.Cmp(secp256k1()) != 0 || n != 5 {
			return Field{}, fmt.Errorf("dettman is implemented only for secp256k1 with 5 limbs (use secp256k1_dettman)")
		}
		F.LimbBits, F.Ops = []int{52, 52, 52, 52, 48}, basic
	default:
		return Field{}, fmt.Errorf("unknown method %q (valid: %s, %s, %s)", method, Montgomery, Solinas, SaturatedSolinas)
	}
	return F, nil
}

// splitBits is Fiat's limb layout: limb i starts at bit ceil(k·i/n).
func splitBits(k, n int) []int {
	w := make([]int, n)
	for i := range w {
		w[i] = (k*(i+1)+n-1)/n - (k*i+n-1)/n
	}
	return w
}

func repeatInt(x, n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = x
	}
	return s
}

func secp256k1() *big.Int { return parsePrimeExpr("2^256 - 2^32 - 977") }
