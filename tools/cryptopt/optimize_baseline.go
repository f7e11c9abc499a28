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

// baselineSet is the --baseline builds. All stay open for the run: the search is
// scored against the pick alone, but the final measurement times the winner beside every
// one and quotes the faster there. The job closes them after optimizer.Run.
type baselineSet struct {
	natives []*measure.Native
	names   []string
	pick    int    // FasterBaseline's pick, the search's baseline
	choice  string // the report's "baseline choice:" line, "" for one compiler
}

// close closes every build.
func (s *baselineSet) close() {
	for _, n := range s.natives {
		n.Close()
	}
	s.natives = nil
}

// name is the pick's name, "" without a baseline.
func (s *baselineSet) name() string {
	if len(s.names) == 0 {
		return ""
	}
	return s.names[s.pick]
}

// configure sets cfg's baselines: the pick, which the search is scored against, and the
// others, which the final measurement times too.
func (s *baselineSet) configure(cfg *optimizer.Config) {
	if len(s.natives) == 0 {
		return
	}
	cfg.Baseline, cfg.BaselineName = s.natives[s.pick], s.names[s.pick]
	for k, n := range s.natives {
		if k != s.pick {
			cfg.OtherBaselines = append(cfg.OtherBaselines, optimizer.NamedBaseline{Native: n, Name: s.names[k]})
		}
	}
}

// baselines builds the C baseline with each of the --baseline compilers and, given more
// than one, times them side by side and picks the faster for the search. The caller
// closes the set, also on error (it may hold builds).
func (j *optimizeJob) baselines() (*baselineSet, error) {
	s := &baselineSet{}
	ccs, err := baselineCompilers(j.o.baseline)
	if err != nil {
		return s, err
	}
	for _, cc := range ccs {
		n, name, err := optimizer.CompileBaseline(j.src.Func, cc)
		if err != nil {
			return s, oneLine(err)
		}
		s.natives, s.names = append(s.natives, n), append(s.names, name)
	}
	if len(s.natives) < 2 {
		return s, nil
	}
	choice, err := optimizer.FasterBaseline(j.src.Func, s.natives, optimizer.BaselineTiming{
		Batches: j.o.batches, Seed: j.o.seed, Aliasing: j.gopts.Aliasing})
	if err != nil {
		return s, fmt.Errorf("timing the baselines: %w", err)
	}
	s.pick, s.choice = choice.Index, choiceLine(s.names, choice)
	return s, nil
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
