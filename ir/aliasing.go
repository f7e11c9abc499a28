package ir

import "fmt"

// Aliasing says which pointer arguments of a field function may point to the same memory:
// one contract read by the code generator, the timer and the checker. Its text forms are
// the CLI's and the Bazel rules' --aliasing values.
type Aliasing uint8

// Aliasing modes.
const (
	AliasNone     Aliasing = iota // out1 never overlaps an input
	AliasOut1Arg1                 // out1 may equal arg1: nothing is stored before the last read of arg1
)

var aliasingNames = [...]string{"none", "out1-arg1"}

func (a Aliasing) String() string {
	if int(a) >= len(aliasingNames) {
		return fmt.Sprintf("aliasing(%d)", uint8(a))
	}
	return aliasingNames[a]
}

// Set parses the text form s into a (so *Aliasing is a flag.Value); a is unchanged on error.
func (a *Aliasing) Set(s string) error {
	for v, name := range aliasingNames {
		if s == name {
			*a = Aliasing(v)
			return nil
		}
	}
	return fmt.Errorf("aliasing %q: want none or out1-arg1", s)
}
