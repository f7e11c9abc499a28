package main

import (
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"slices"

	"github.com/rules-cryptopt/rules_cryptopt/fields"
	"github.com/rules-cryptopt/rules_cryptopt/internal/infile"
	"github.com/rules-cryptopt/rules_cryptopt/internal/outfile"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/ir/interp"
	"github.com/rules-cryptopt/rules_cryptopt/measure"
)

// bench --fiat-baselines DIR: besides the project's C for the timed function's IR, bench
// times Fiat Cryptography's formulation of the same field and op (issue 14 sets its
// target against Fiat's C, and the catalogue's IR is not Fiat's: p448_solinas multiplies
// by golden-ratio Karatsuba, p256 reduces with shifts, ...). Fiat's limbs may differ from
// the IR's, so its outputs are checked mod p and against Fiat's output bounds.

// fiatBaseline is Fiat's formulation of one timed function, or why there is none.
type fiatBaseline struct {
	file, name string        // Fiat JSON file (base name) and function, "" when none
	why        string        // when there is no Fiat function: why (a table note)
	fn         *ir.Func      // Fiat's function, normalised
	field      *fields.Field // the catalogue field: its prime and limb weights
}

// fiatTarget maps a catalogue field and op to Fiat's JSON file and function name; why
// says why there is none (a field Fiat does not have, an op beyond field arithmetic).
func fiatTarget(field, op string) (file, name, why string) {
	F, err := fields.Lookup(field)
	if err != nil {
		return "", "", "not a catalogue field"
	}
	if !slices.Contains(F.Ops, op) {
		return "", "", fmt.Sprintf("op %s is not field arithmetic: Fiat's files hold only mul, square, add, sub, opp, carry", op)
	}
	name = F.FiatName(op)
	if name == "" {
		return "", "", "no Fiat counterpart of " + field
	}
	return F.Name + "_64.json", name, ""
}

// fiatSet reads Fiat's functions from one directory, each JSON file once however many
// files time its functions.
type fiatSet struct {
	dir   string
	files map[string][]*ir.Func // parsed JSON, by base name
}

// newFiatSet checks that dir is a directory.
func newFiatSet(dir string) (*fiatSet, error) {
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return nil, fmt.Errorf("--fiat-baselines %s is not a directory", outfile.Clip(dir))
	}
	return &fiatSet{dir: dir, files: map[string][]*ir.Func{}}, nil
}

// baseline finds Fiat's formulation of src. A field or op Fiat lacks, or a function its
// file does not define (Fiat has no add of secp256k1_dettman), is a baseline without
// fn; a missing or malformed file, or bounds that do not fit src's, is an error.
func (s *fiatSet) baseline(src *source) (*fiatBaseline, error) {
	file, name, why := fiatTarget(src.Field, src.Op)
	if name == "" {
		return &fiatBaseline{why: why}, nil
	}
	fns, err := s.read(file)
	if err != nil {
		return nil, err
	}
	var found []*ir.Func
	for _, f := range fns {
		if f.Name == name {
			found = append(found, f)
		}
	}
	switch len(found) {
	case 0:
		return &fiatBaseline{file: file, why: fmt.Sprintf("%s does not define %s", file, name)}, nil
	case 1:
	default:
		return nil, fmt.Errorf("--fiat-baselines %s: function %s is defined twice", file, name)
	}
	ff, err := ir.Normalize(found[0])
	if err != nil {
		return nil, fmt.Errorf("--fiat-baselines %s: %s: %w", file, name, err)
	}
	if _, err := intersectInputs(src.Func, ff); err != nil {
		return nil, err
	}
	F, err := fields.Lookup(src.Field)
	if err != nil {
		return nil, err
	}
	return &fiatBaseline{file: file, name: name, fn: ff, field: &F}, nil
}

// read parses a JSON file of the directory once.
func (s *fiatSet) read(file string) ([]*ir.Func, error) {
	if fns, ok := s.files[file]; ok {
		return fns, nil
	}
	path := filepath.Join(s.dir, file)
	data, err := infile.Read(path, "--fiat-baselines", infile.MaxFiat, infile.StreamTimeout)
	if err != nil {
		return nil, err
	}
	fns, err := ir.ReadFiat(data)
	if err != nil {
		return nil, fmt.Errorf("--fiat-baselines %s: %w", outfile.Clip(path), err)
	}
	s.files[file] = fns
	return fns, nil
}

// congruent checks an output of Fiat's function ff: within ff's output bounds, and the
// same value mod F's prime as the reference's output (limbs weighted as F's). It checks
// the inputs too: Fiat's C promises nothing on inputs beyond its bounds.
func congruent(F *fields.Field, ff *ir.Func) measure.OutputCheck {
	return func(args [][]uint64, got, want []uint64) error {
		if err := inputsInBounds(ff, args); err != nil {
			return err
		}
		if err := interp.InBounds(ff, [][]uint64{got}); err != nil {
			return fmt.Errorf("outside Fiat's output bounds (%w)", err)
		}
		d := new(big.Int).Sub(F.Value(got), F.Value(want))
		if d.Mod(d, F.Prime).Sign() != 0 {
			return fmt.Errorf("not congruent mod p to the IR's value")
		}
		return nil
	}
}

// inputsInBounds refuses args outside ff's input bounds.
func inputsInBounds(ff *ir.Func, args [][]uint64) error {
	for i, a := range args {
		p := &ff.Params[i]
		for j, x := range a {
			if lo, hi := interp.LimbBounds(p, j); x < lo || x > hi {
				return fmt.Errorf("input %s[%d] = %#x outside Fiat's input bounds [%#x, %#x]", p.Name, j, x, lo, hi)
			}
		}
	}
	return nil
}

// intersectInputs is f with each input limb's range narrowed to ff's too (f itself when
// ff's ranges already hold f's): the inputs of a comparison must be valid for both
// functions. Another calling shape, or limb ranges that do not meet, is an error.
func intersectInputs(f, ff *ir.Func) (*ir.Func, error) {
	s, err := measure.ShapeOf(f)
	if err != nil {
		return nil, err
	}
	t, err := measure.ShapeOf(ff)
	if err != nil {
		return nil, fmt.Errorf("Fiat's %w", err)
	}
	if s != t {
		return nil, fmt.Errorf("Fiat's %s takes %d+%d limbs and returns %d, %s %d+%d and %d",
			ff.Name, t.Arg1, t.Arg2, t.Out, f.Name, s.Arg1, s.Arg2, s.Out)
	}
	g := f
	for i := range f.Params {
		p, q := &f.Params[i], &ff.Params[i]
		for j := range p.Limbs {
			lo, hi := interp.LimbBounds(p, j)
			qlo, qhi := interp.LimbBounds(q, j)
			nlo, nhi := max(lo, qlo), min(hi, qhi)
			if nlo > nhi {
				return nil, fmt.Errorf("input bounds of %s and Fiat's %s do not meet: %s[%d] in [%#x, %#x] and [%#x, %#x]",
					f.Name, ff.Name, p.Name, j, lo, hi, qlo, qhi)
			}
			if nlo == lo && nhi == hi {
				continue
			}
			if g == f {
				g = withFullBounds(f)
			}
			g.Params[i].Lower[j], g.Params[i].Upper[j] = nlo, nhi
		}
	}
	return g, nil
}

// withFullBounds is a copy of f whose parameters list the bounds of every limb.
func withFullBounds(f *ir.Func) *ir.Func {
	g := f.Clone()
	for i := range g.Params {
		p := &g.Params[i]
		lo, hi := make([]uint64, len(p.Limbs)), make([]uint64, len(p.Limbs))
		for j := range p.Limbs {
			lo[j], hi[j] = interp.LimbBounds(p, j)
		}
		p.Lower, p.Upper = lo, hi
	}
	return g
}
