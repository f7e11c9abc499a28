package checker

import (
	"errors"
	"fmt"
	"strings"

	"github.com/rules-cryptopt/rules_cryptopt/checker/symexec"
)

// ErrShape marks bad input: a program that does not have the shape of the function it is
// checked against (a truncated file, arrays of another length: the wrong field). The CLI
// exits 2 for it, keeping exit 1 for a proof of the right shape that failed.
var ErrShape = errors.New("not a program of the function's shape")

// MaxTrials bounds Options.RandomTrials so that a check always ends.
const MaxTrials = 1_000_000

// MaxInstructions bounds the program length (the largest field functions need a few
// thousand instructions).
const MaxInstructions = 200_000

// shapeError reports, wrapping ErrShape, why the executed program cannot be the function.
func (c *comparison) shapeError() error {
	if v := c.asm.Violation; v != nil {
		if v.Shape {
			return fmt.Errorf("%w: %s at instruction %d", ErrShape, v.What, v.Inst+1)
		}
		return nil
	}
	var missing []string
	for r, ret := range c.fn.Rets {
		a := c.arrs[r]
		for i := range ret.Limbs {
			if _, ok := c.asm.Load(a.Base, int64(8*i)); !ok {
				missing = append(missing, symexec.LimbName(a.Name, i))
			}
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("%w: the program never writes %s of %s", ErrShape, strings.Join(missing, ", "), c.fn.Name)
	}
	return nil
}
