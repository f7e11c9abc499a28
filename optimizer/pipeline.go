package optimizer

import (
	"runtime"
	"slices"
	"sync"

	"golang.org/x/sys/unix"

	"github.com/rules-cryptopt/rules_cryptopt/measure"
	"github.com/rules-cryptopt/rules_cryptopt/search"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
	"github.com/rules-cryptopt/rules_cryptopt/x86/encode"
)

// cacheSlots is how many genomes' code the cost keeps: the current best, the candidate
// being compared, the two speculative next candidates, and a few the final race revisits.
const cacheSlots = 8

// entry is a genome's generated code, ready for timing or sizing.
type entry struct {
	g    search.Genome // a copy
	used []int         // decisions codegen applied (Result.Used)
	prog *x86.Program
	size int        // encoded bytes, under the size objective or a byte cap
	fn   measure.Fn // loaded code; under the size objective only once timed
	// score is the median cycles of the entry's last timed comparison, 0 before one: a
	// candidate with the same code as the best scores this without being timed.
	score float64
}

// codeCache holds the entries of the genomes prepared or compared last, most recent
// first. The search's worker fills it while the search's goroutine compares.
type codeCache struct {
	mu      sync.Mutex
	entries []*entry
	// encs are the encoders, kept for the run: each memoises instruction bytes (most of a
	// candidate's code is its parent's) and is not safe for concurrent use. Two are
	// enough (the worker and the search's goroutine); a sync.Pool would drop the memos.
	encs chan *encode.Encoder
}

func (cc *codeCache) get(g search.Genome) *entry {
	cc.mu.Lock()
	defer cc.mu.Unlock()
	i := slices.IndexFunc(cc.entries, func(e *entry) bool {
		return slices.Equal(e.g.Order, g.Order) && slices.Equal(e.g.Decisions, g.Decisions)
	})
	if i < 0 {
		return nil
	}
	e := cc.entries[i]
	copy(cc.entries[1:i+1], cc.entries[:i])
	cc.entries[0] = e
	return e
}

func (cc *codeCache) put(e *entry) {
	cc.mu.Lock()
	defer cc.mu.Unlock()
	if len(cc.entries) == cacheSlots {
		cc.entries = cc.entries[:cacheSlots-1]
	}
	cc.entries = slices.Insert(cc.entries, 0, e)
}

// Prepare implements search.Preparer: it generates g's code (and loads it, or measures
// its size) on the calling goroutine, for a Compare to find in the cache.
func (c *cost) Prepare(g search.Genome) ([]int, error) {
	e, err := c.build(g)
	if err != nil {
		return nil, err
	}
	return e.used, nil
}

// PrepareThread implements search.Preparer: the search's worker thread leaves the
// timing CPU to the timing (so preparing the next candidates does not preempt it), when
// the process has another CPU. The thread ends with the worker (it stays locked).
func (c *cost) PrepareThread() {
	runtime.LockOSThread()
	var set unix.CPUSet
	if unix.SchedGetaffinity(0, &set) != nil {
		return
	}
	set.Clear(c.runner.CPU())
	if set.Count() > 0 {
		_ = unix.SchedSetaffinity(0, &set) // best effort: without it the OS decides
	}
}

// entry returns g's code, from the cache or generated now.
func (c *cost) entry(g search.Genome) (*entry, error) {
	if e := c.cache.get(g); e != nil {
		return e, nil
	}
	return c.build(g)
}

// build generates g's code and caches it: loaded for timing under the cycles objective,
// sized under the size objective or a byte cap. Safe for concurrent use.
func (c *cost) build(g search.Genome) (*entry, error) {
	prog, applied, err := c.plan.Generate(g.Order, g.Decisions, c.gopts)
	if err != nil {
		return nil, err
	}
	e := &entry{g: g.Clone(), used: usedDecisions(nil, applied, g), prog: prog}
	var enc *encode.Encoder
	select {
	case enc = <-c.cache.encs:
	default:
		enc = encode.NewEncoder()
	}
	defer func() {
		select {
		case c.cache.encs <- enc:
		default:
		}
	}()
	if c.obj == Size || c.maxBytes > 0 {
		code, err := enc.Encode(prog)
		if err != nil {
			return nil, err
		}
		e.size = len(code)
	}
	if c.obj != Size {
		if e.fn, err = c.runner.LoadChecked(enc, prog, c.shape, c.check); err != nil {
			return nil, err
		}
	}
	c.cache.put(e)
	return e, nil
}

// loaded returns g's code loaded for timing (on the search's goroutine only).
func (c *cost) loaded(g search.Genome) (*entry, error) {
	e, err := c.entry(g)
	if err != nil || !e.fn.IsZero() {
		return e, err
	}
	enc := encode.NewEncoder() // rare: the size objective's final timing
	if e.fn, err = c.runner.LoadChecked(enc, e.prog, c.shape, c.check); err != nil {
		return nil, err
	}
	return e, nil
}
