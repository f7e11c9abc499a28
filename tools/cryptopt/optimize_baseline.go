package main

import (
	"errors"
	"fmt"
	"os/exec"
	"slices"
	"strings"

	"github.com/rules-cryptopt/rules_cryptopt/measure"
	"github.com/rules-cryptopt/rules_cryptopt/optimizer"
)

// baselineCompilers resolves --baseline to the compilers to build the C baseline with:
// none (no baseline), auto (measure's default), fastest (gcc and clang-19 or clang,
// those on PATH), or a comma-separated list of compiler names.
func baselineCompilers(flag string) ([]string, error) {
	switch flag {
	case "none":
		return nil, nil
	case "auto":
		return []string{"auto"}, nil
	case "fastest":
		var out []string
		for _, names := range [][]string{{"gcc"}, {"clang-19", "clang"}} {
			for _, n := range names {
				if _, err := exec.LookPath(n); err == nil {
					out = append(out, n)
					break
				}
			}
		}
		if len(out) == 0 {
			return nil, errors.New("--baseline fastest: neither gcc nor clang is on PATH")
		}
		return out, nil
	}
	out := strings.Split(flag, ",")
	for i, c := range out {
		if c == "" || c == "none" || c == "auto" || c == "fastest" {
			return nil, fmt.Errorf("--baseline %s: a list names compilers only", flag)
		}
		if slices.Contains(out[:i], c) {
			return nil, fmt.Errorf("--baseline %s: %s is named twice", flag, c)
		}
	}
	return out, nil
}

// baseline builds the C baseline with each of the --baseline compilers and, given more
// than one, times them side by side and keeps the faster (the others are closed). It
// returns the baseline (nil for none), its name, and a report line saying how it was
// chosen ("" for a single compiler).
func (j *optimizeJob) baseline() (*measure.Native, string, string, error) {
	ccs, err := baselineCompilers(j.o.baseline)
	if err != nil || len(ccs) == 0 {
		return nil, "", "", err
	}
	natives, names := make([]*measure.Native, 0, len(ccs)), make([]string, 0, len(ccs))
	closeAll := func(keep int) {
		for k, n := range natives {
			if k != keep {
				n.Close()
			}
		}
	}
	for _, cc := range ccs {
		n, name, err := optimizer.CompileBaseline(j.src.Func, cc)
		if err != nil {
			closeAll(-1)
			return nil, "", "", oneLine(err)
		}
		natives, names = append(natives, n), append(names, name)
	}
	choice, err := optimizer.FasterBaseline(j.src.Func, natives, optimizer.BaselineTiming{
		Batches: j.o.batches, Seed: j.o.seed, Aliasing: j.gopts.Aliasing})
	if err != nil {
		closeAll(-1)
		return nil, "", "", fmt.Errorf("timing the baselines: %w", err)
	}
	closeAll(choice.Index)
	return natives[choice.Index], names[choice.Index], choiceLine(names, choice), nil
}

// choiceLine is the report's account of a choice among several baselines.
func choiceLine(names []string, c optimizer.Choice) string {
	if len(names) < 2 {
		return ""
	}
	var others []string
	for k, n := range names {
		if k != c.Index {
			others = append(others, fmt.Sprintf("%s %.3fx its time", n, c.Rel[k]))
		}
	}
	return fmt.Sprintf("baseline choice: %s, the faster in %d side-by-side comparisons (%s)\n",
		names[c.Index], optimizer.BaselineRepeats, strings.Join(others, ", "))
}
