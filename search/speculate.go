package search

import (
	"math/rand"
	"sync"
	"sync/atomic"
	"time"
)

// Preparer is a Cost that can generate a genome's code before the genome is compared, so
// that code generation for the next candidate overlaps the timing of this one (on the
// machine's other core). With a Preparer the search speculates: while candidate c, a
// mutation of the current best b, is compared, a worker goroutine prepares the next
// mutation of b (the next candidate if c is rejected) and of c (if c is accepted).
type Preparer interface {
	Cost
	// Prepare generates g's code so that a later Compare of g finds it ready, and returns
	// the decisions it used (what Result.Used of that Compare will say). It runs
	// concurrently with Compare and with other Prepares, must not keep g, and the search
	// does not keep the returned slice. An error need not be cached: the search compares g
	// anyway, and that Compare reports it.
	Prepare(g Genome) (used []int, err error)
	// PrepareThread is called once on the worker's goroutine before its first Prepare,
	// e.g. to keep the worker's thread off the CPU the timing is pinned to.
	PrepareThread()
}

// tape is the search's rand.Source: it reads ahead of the committed position, so that a
// mutation can be drawn for each outcome of a comparison before the outcome is known,
// and the outcome's draws committed afterwards. The values the search consumes are
// therefore exactly the source's, whatever was speculated: same seed, same genomes.
type tape struct {
	src rand.Source
	buf []int64 // values of src at absolute positions off, off+1, …
	off int     // absolute position of buf[0]
	pos int     // absolute position of the next value read
}

func newTape(seed int64) *tape { return &tape{src: rand.NewSource(seed)} }

// Int63 implements rand.Source. math/rand's Rand draws everything the search uses (Intn,
// Float64) from Int63, so the sequence equals rand.New(rand.NewSource(seed))'s.
func (t *tape) Int63() int64 {
	i := t.pos - t.off
	if i == len(t.buf) {
		t.buf = append(t.buf, t.src.Int63())
	}
	t.pos++
	return t.buf[i]
}

// Seed implements rand.Source: it restarts the stream.
func (t *tape) Seed(seed int64) {
	t.src.Seed(seed)
	t.buf, t.off, t.pos = t.buf[:0], 0, 0
}

// seek moves the read position to p, a position at or after the last forget.
func (t *tape) seek(p int) { t.pos = p }

// forget drops the values before position p: nothing will seek back past it.
func (t *tape) forget(p int) {
	t.buf = t.buf[:copy(t.buf, t.buf[p-t.off:])]
	t.off = p
}

// branch is a speculative candidate: a mutation of a state, the tape positions around
// its draws, and the job preparing its code.
type branch struct {
	st        *state
	m         Mutation
	from, end int
	job       *job
}

// job is one Prepare call, run by the worker or, when the search needs it before the
// worker took it, by the search itself.
type job struct {
	g     Genome // a copy: the branch's state may be reused while the job runs
	lazy  bool   // the less likely branch: the worker skips it once the comparison ended
	taken atomic.Bool
	done  chan struct{}
	used  []int
	err   error
}

func (j *job) run(p Preparer) {
	j.used, j.err = p.Prepare(j.g)
	close(j.done)
}

// wait returns once j has run, running it here if nobody took it yet.
func (j *job) wait(p Preparer) {
	if j.taken.CompareAndSwap(false, true) {
		j.run(p)
	}
	<-j.done
}

// cancel drops j if nobody took it yet (a running Prepare just finishes unused).
func (j *job) cancel() { j.taken.CompareAndSwap(false, true) }

// worker prepares jobs in the order they are submitted, on its own goroutine.
type worker struct {
	p         Preparer
	jobs      chan *job
	comparing atomic.Bool // a Compare is running: lazy jobs use otherwise idle time
	wg        sync.WaitGroup
}

func startWorker(p Preparer) *worker {
	w := &worker{p: p, jobs: make(chan *job, 8)}
	w.wg.Go(func() {
		p.PrepareThread()
		for j := range w.jobs {
			if j.lazy && !w.comparing.Load() {
				continue // the search runs it itself if it turns out to be needed
			}
			if j.taken.CompareAndSwap(false, true) {
				j.run(w.p)
			}
		}
	})
	return w
}

// stop ends the worker once its current job is done.
func (w *worker) stop() {
	close(w.jobs)
	w.wg.Wait()
}

// branch draws a mutation of base into a free state from the tape's current position,
// leaving the position where it was, and submits its preparation.
func (r *runner) branch(base *state, w *worker, lazy bool) *branch {
	b := &branch{st: r.spare(), from: r.tape.pos}
	b.st.copyFrom(base)
	b.m = r.mut.mutate(b.st, r.rng)
	b.end = r.tape.pos
	r.tape.seek(b.from)
	b.job = &job{g: b.st.g.Clone(), lazy: lazy, done: make(chan struct{})}
	w.jobs <- b.job
	return b
}

// spare returns a state not in use, recycling those of dropped branches.
func (r *runner) spare() *state {
	if n := len(r.free); n > 0 {
		s := r.free[n-1]
		r.free = r.free[:n-1]
		return s
	}
	return newState(r.cur.g)
}

// speculate takes up to n steps like steps, preparing each step's two possible next
// candidates while the current one is compared. The genomes, comparisons and draws are
// those of steps: only when the code generation happens changes.
func (r *runner) speculate(p Preparer, n int, deadline time.Time) (StopReason, error) {
	if n <= 0 {
		return StopBudget, nil
	}
	w := startWorker(p)
	defer w.stop()
	next := r.branch(r.cur, w, false)
	r.tape.seek(next.end)
	for i := 0; i < n; i++ {
		if s, stop := r.stopped(deadline); stop {
			r.tape.seek(next.from) // as if its mutation had not been drawn
			return s, nil
		}
		var k int
		var err error
		if next, k, err = r.anchorIfDue(n-i, next, w); err != nil {
			return StopBudget, err
		}
		i += k
		c := next
		c.job.wait(p)
		if c.job.err == nil {
			c.st.setUsed(c.job.used, r.mut.options)
		}
		var rej, acc *branch
		if i < n-1 { // the likelier outcome is prepared first, the other in idle time
			accFirst := r.acceptRate > 0.5
			rej = r.branch(r.cur, w, accFirst)
			acc = r.branch(c.st, w, !accFirst)
		}
		w.comparing.Store(true)
		r.eval++
		res, err := r.cost.Compare(c.st.g, r.cur.g)
		w.comparing.Store(false)
		if err != nil {
			return StopBudget, &EvalError{Genome: c.st.g.Clone(), Eval: r.eval, Err: err}
		}
		old := r.cur
		accepted, k, err := r.judge(c.st, c.m, res, n-i-1)
		if err != nil {
			return StopBudget, err
		}
		i += k
		if acc == nil || i >= n-1 {
			if acc != nil { // the confirmation took the last evaluation: drop both branches
				acc.job.cancel()
				rej.job.cancel()
			}
			break
		}
		next = r.follow(accepted, old, c, acc, rej)
	}
	return StopBudget, nil
}

// follow keeps the branch of the comparison's outcome (acc when c was accepted over old,
// else rej) as the next candidate, moves the tape past its draws and frees the rest.
func (r *runner) follow(accepted bool, old *state, c, acc, rej *branch) *branch {
	next, drop := rej, acc
	if accepted {
		next, drop = acc, rej
		r.free = append(r.free, old)
	} else {
		r.free = append(r.free, c.st)
	}
	drop.job.cancel()
	r.free = append(r.free, drop.st)
	r.tape.seek(next.end)
	r.tape.forget(next.from)
	return next
}

// anchorIfDue re-anchors the walk when due (k evaluations spent). When that moves the
// walk, next was mutated from the genome it left and is drawn again from the record.
func (r *runner) anchorIfDue(left int, next *branch, w *worker) (_ *branch, k int, err error) {
	if !r.anchorDue(left) {
		return next, 0, nil
	}
	moved, k, err := r.reanchor()
	if err != nil || !moved {
		return next, k, err
	}
	next.job.cancel()
	r.free = append(r.free, next.st)
	r.tape.seek(next.from)
	next = r.branch(r.cur, w, false)
	r.tape.seek(next.end)
	return next, k, nil
}
