package search

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/rand"
	"strconv"
)

// Genome is one point of the program space: the order in which the IR's operations are
// emitted and one choice per decision point. It is a value: mutations return a new Genome.
// What each decision means is the code generator's business; search only knows how many
// options each has.
type Genome struct {
	Order     []int `json:"order"`     // a topological order of the operations (indices)
	Decisions []int `json:"decisions"` // Decisions[d] < Problem.Options[d]
}

// Problem is what search needs to know of a function: the dependencies between its
// operations and the number of options of each decision point.
type Problem struct {
	Deps    [][]int // Deps[i] lists the operations i reads from (each < len(Deps))
	Options []int   // Options[d] ≥ 1 is the number of choices of decision d
	// Classes, when not nil, labels every decision: decisions with the same label ≥ 0
	// choose between the same alternatives (codegen.Plan.Classes: the same operation), so
	// the Class mutation may set them all at once; -1 is a class of its own.
	Classes []int
	// Appended is how many of the last decisions were added to the code generator after
	// genomes had been kept (codegen.Plan.Appended): a genome may stop up to that many
	// decisions short, and the missing ones read as 0, the choice that keeps the program
	// such a genome always made (Complete).
	Appended int
}

// Clone returns an independent copy of g.
func (g Genome) Clone() Genome {
	return Genome{Order: append([]int(nil), g.Order...), Decisions: append([]int(nil), g.Decisions...)}
}

// Validate checks that g fits p: Order is a permutation respecting Deps, every decision is
// in range.
func (g Genome) Validate(p Problem) error {
	n := len(p.Deps)
	if len(g.Order) != n {
		return fmt.Errorf("genome orders %d operations, the function has %d", len(g.Order), n)
	}
	pos := make([]int, n)
	for i := range pos {
		pos[i] = -1
	}
	for k, op := range g.Order {
		if op < 0 || op >= n || pos[op] >= 0 {
			return fmt.Errorf("genome order is not a permutation (entry %d is %d)", k, op)
		}
		pos[op] = k
	}
	for op, deps := range p.Deps {
		for _, d := range deps {
			if pos[d] > pos[op] {
				return fmt.Errorf("genome order places operation %d before its dependency %d", op, d)
			}
		}
	}
	if n := len(g.Decisions); n > len(p.Options) || n < len(p.Options)-p.Appended {
		if p.Appended > 0 {
			return fmt.Errorf("genome has %d decisions, the function has %d (%d of them added since genomes were first kept: %d to %d)",
				n, len(p.Options), p.Appended, len(p.Options)-p.Appended, len(p.Options))
		}
		return fmt.Errorf("genome has %d decisions, the function has %d", n, len(p.Options))
	}
	for d, c := range g.Decisions {
		if c < 0 || c >= p.Options[d] {
			return fmt.Errorf("decision %d is %d, it has %d options", d, c, p.Options[d])
		}
	}
	return nil
}

// Complete returns g with the decisions it lacks (Problem.Appended) set to 0, the length
// mutations need; g itself when it has them all. Validate g first.
func (g Genome) Complete(p Problem) Genome {
	if len(g.Decisions) >= len(p.Options) {
		return g
	}
	c := g.Clone()
	c.Decisions = append(c.Decisions, make([]int, len(p.Options)-len(g.Decisions))...)
	return c
}

// Random draws a random topological order (uniform choice among ready operations) and
// random decisions.
func Random(p Problem, rng *rand.Rand) Genome {
	n := len(p.Deps)
	users := make([][]int, n)
	waiting := make([]int, n)
	for op, deps := range p.Deps {
		waiting[op] = len(deps)
		for _, d := range deps {
			users[d] = append(users[d], op)
		}
	}
	var ready []int
	for op := range n {
		if waiting[op] == 0 {
			ready = append(ready, op)
		}
	}
	g := Genome{Order: make([]int, 0, n), Decisions: make([]int, len(p.Options))}
	for len(ready) > 0 {
		k := rng.Intn(len(ready))
		op := ready[k]
		ready[k] = ready[len(ready)-1]
		ready = ready[:len(ready)-1]
		g.Order = append(g.Order, op)
		for _, u := range users[op] {
			if waiting[u]--; waiting[u] == 0 {
				ready = append(ready, u)
			}
		}
	}
	for d, k := range p.Options {
		g.Decisions[d] = rng.Intn(k)
	}
	return g
}

// File is the JSON document a team checks in to pin a result: the genome plus what it
// belongs to, so that emitting it for another function is refused.
type File struct {
	Format string `json:"format"`  // "cryptopt-genome/1"
	Func   string `json:"func"`    // IR function name
	IRHash string `json:"ir_hash"` // hash of the IR it was made for
	Genome
	// Where the genome was tuned (optional; emit copies them into the .S header).
	Uarch      string  `json:"uarch,omitempty"`       // uarch tag, "generic" if absent
	CPU        string  `json:"cpu,omitempty"`         // CPU model string
	Seed       int64   `json:"seed,omitempty"`        // search seed
	Evals      int     `json:"evaluations,omitempty"` // candidates measured
	Cycles     float64 `json:"cycles,omitempty"`      // measured cycles per call
	Baseline   string  `json:"baseline,omitempty"`    // what the ratio compares with
	BaseCycles float64 `json:"baseline_cycles,omitempty"`
	// Ratio is the median over repeated side-by-side comparisons of Cycles/BaseCycles
	// (what bench's speedup inverts); absent in older files, where Cycles/BaseCycles is used.
	Ratio float64 `json:"ratio,omitempty"`
}

// Fits checks that f was made for the function whose IR hash is irHash and that its genome
// fits p: what every reader of a genome file checks before code is generated from it.
func (f File) Fits(irHash string, p Problem) error {
	if f.IRHash != irHash {
		return fmt.Errorf("genome is for IR %.12s (function %q), this function's IR is %.12s", f.IRHash, f.Func, irHash)
	}
	return f.Genome.Validate(p)
}

// FileFormat is the format tag of genome files.
const FileFormat = "cryptopt-genome/1"

// ParseFile reads a genome file.
func ParseFile(data []byte) (File, error) {
	var f File
	if err := json.Unmarshal(data, &f); err != nil {
		return File{}, fmt.Errorf("genome: %w", err)
	}
	if f.Format != FileFormat {
		return File{}, fmt.Errorf("genome: format %q, want %q", f.Format, FileFormat)
	}
	return f, nil
}

// Marshal writes a genome file (indented, stable).
func (f File) Marshal() ([]byte, error) {
	f.Format = FileFormat
	b, err := json.MarshalIndent(f, "", " ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// Hash is the SHA-256 (hex) of the genome's canonical JSON, {"order":[…],"decisions":[…]}:
// the genome hash of the .S header, equal for equal genomes on any machine.
func (g Genome) Hash() string {
	b := []byte(`{"order":`)
	b = appendInts(b, g.Order)
	b = append(b, `,"decisions":`...)
	b = appendInts(b, g.Decisions)
	b = append(b, '}')
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

func appendInts(b []byte, s []int) []byte {
	b = append(b, '[')
	for i, x := range s {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(x), 10)
	}
	return append(b, ']')
}
