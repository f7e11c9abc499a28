package main

import (
	"flag"
	"fmt"

	"github.com/rules-cryptopt/rules_cryptopt/codegen"
	"github.com/rules-cryptopt/rules_cryptopt/optimizer"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// objectiveFlags choose what optimize minimises: measured cycles (optionally under a
// code size cap) or the encoded size of the function.
type objectiveFlags struct {
	objective string
	maxBytes  int
}

// maxBytesLimit bounds --max-bytes (the largest catalogue function is ~20 KB).
const maxBytesLimit = 1 << 20

func (f *objectiveFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.objective, "objective", "cycles", "what to minimise: cycles (measured) or size (encoded .text bytes; ties keep moving)")
	fs.IntVar(&f.maxBytes, "max-bytes", 0, "with --objective cycles: fastest code of at most this many .text bytes (0: no cap)")
}

func (f *objectiveFlags) check() error {
	switch f.objective {
	case "cycles":
	case "size":
		if f.maxBytes != 0 {
			return fmt.Errorf("--max-bytes is for --objective cycles (size already minimises bytes)")
		}
	default:
		return fmt.Errorf("--objective %.20q: want cycles or size", f.objective)
	}
	if f.maxBytes < 0 || f.maxBytes > maxBytesLimit {
		return fmt.Errorf("--max-bytes %d: want 0..%d", f.maxBytes, maxBytesLimit)
	}
	return nil
}

// codeFacts are the .S header lines that describe the code itself: its encoded size and
// whether it wipes its stack.
func codeFacts(prog *x86.Program, opts codegen.Options) ([]string, error) {
	n, err := optimizer.TextBytes(prog)
	if err != nil {
		return nil, err
	}
	lines := []string{fmt.Sprintf("text-bytes: %d", n)}
	if opts.WipeSpills {
		lines = append(lines, "wipe-spills: yes")
	}
	return lines, nil
}
