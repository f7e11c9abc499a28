package gopkg

import (
	"fmt"
	"math/big"
	"math/rand"
	"slices"

	"github.com/rules-cryptopt/rules_cryptopt/fields"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/ir/interp"
)

// fiatAgreeInputs is how many random in-bound inputs (besides the edge inputs) a Fiat
// function must agree on with the field's own IR before it replaces it.
const fiatAgreeInputs = 2000

// fiatFunc is op's function from Config.Fiat, used in place of the field's IR. A Fiat
// JSON file carries no representation (limb weights, Montgomery or not), yet the API's
// documentation and the generated test (math/big) need one; the field supplies it, and
// the Fiat function must therefore implement the field's contract for op: the same
// arity, limbs and bounds (exactly), and on the edge inputs and random in-bound inputs
// in-bound outputs congruent mod p to the field's own IR. What is proved and shipped is
// the Fiat function; the agreement only makes sure the representation applies to it.
func fiatFunc(c Config, name string, own *ir.Func) (*ir.Func, error) {
	fns, err := ir.ReadFiat(c.Fiat)
	if err != nil {
		return nil, fmt.Errorf("--fiat: %w", err)
	}
	var found []*ir.Func
	for _, f := range fns {
		if _, op, err := fields.ParseFiatName(f.Name); err == nil && op == name {
			found = append(found, f)
		}
	}
	n := len(found)
	if n > 1 { // e.g. both fiat_x_mul and fiat_x_carry_mul: take the catalogue's
		found = slices.DeleteFunc(found, func(f *ir.Func) bool { return f.Name != c.Field.FiatName(name) })
	}
	if len(found) != 1 {
		return nil, fmt.Errorf("--fiat: want exactly one function for op %s (fiat_<field>_%s or the catalogue's name %q), found %d", name, name, c.Field.FiatName(name), n)
	}
	ff := found[0]
	if err := sameContract(own, ff); err != nil {
		return nil, fmt.Errorf("--fiat: %s does not match %s %s: %w", ff.Name, c.Field.Name, name, err)
	}
	if err := agree(c.Field, own, ff); err != nil {
		return nil, fmt.Errorf("--fiat: %s does not compute %s %s: %w", ff.Name, c.Field.Name, name, err)
	}
	return ff, nil
}

// sameContract requires the same arguments and result, limb for limb, with the same bounds.
func sameContract(own, ff *ir.Func) error {
	if len(ff.Params) != len(own.Params) || len(ff.Rets) != len(own.Rets) {
		return fmt.Errorf("%d arguments and %d results, want %d and %d", len(ff.Params), len(ff.Rets), len(own.Params), len(own.Rets))
	}
	for i, p := range own.Params {
		q := ff.Params[i]
		if len(q.Limbs) != len(p.Limbs) || !slices.Equal(q.Lower, p.Lower) || !slices.Equal(q.Upper, p.Upper) {
			return fmt.Errorf("argument %d: %d limbs with other bounds than the field's (%d limbs)", i+1, len(q.Limbs), len(p.Limbs))
		}
	}
	for i, r := range own.Rets {
		q := ff.Rets[i]
		if len(q.Limbs) != len(r.Limbs) || !slices.Equal(q.Lower, r.Lower) || !slices.Equal(q.Upper, r.Upper) {
			return fmt.Errorf("result %d: %d limbs with other bounds than the field's (%d limbs)", i+1, len(q.Limbs), len(r.Limbs))
		}
	}
	return nil
}

// agree runs both functions with the reference interpreter on the edge inputs and on
// fiatAgreeInputs random in-bound inputs (fixed seed: generation is deterministic).
func agree(F fields.Field, own, ff *ir.Func) error {
	m1, err := interp.New(own)
	if err != nil {
		return err
	}
	m2, err := interp.New(ff)
	if err != nil {
		return err
	}
	o1, o2 := m1.NewOutputs(), m2.NewOutputs()
	inputs := interp.EdgeInputs(own)
	rng := rand.New(rand.NewSource(1))
	for range fiatAgreeInputs {
		inputs = append(inputs, interp.RandomInputs(own, rng))
	}
	diff := new(big.Int)
	for _, args := range inputs {
		if err := m1.Eval(args, o1); err != nil {
			return err
		}
		if err := m2.Eval(args, o2); err != nil {
			return err
		}
		if err := interp.InBounds(own, o2); err != nil {
			return fmt.Errorf("inputs %#x: %w", args, err)
		}
		diff.Sub(F.Value(o1[0]), F.Value(o2[0]))
		if diff.Mod(diff, F.Prime).Sign() != 0 {
			return fmt.Errorf("inputs %#x: result %#x, the field's is %#x (not congruent mod p)", args, o2[0], o1[0])
		}
	}
	return nil
}

// FiatFunc is op's function of the Fiat JSON file fiat as gopkg --fiat uses it for field
// F (chosen and checked as in Generate), for `cryptopt check-go` to prove against.
func FiatFunc(F fields.Field, fiat []byte, op string) (*ir.Func, error) {
	own, err := F.Func(op)
	if err != nil {
		return nil, err
	}
	return fiatFunc(Config{Field: F, Fiat: fiat}, op, own)
}
