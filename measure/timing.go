package measure

// timing is one timed run of a set of functions, all batches in one cgo call.
type timing struct {
	fns     []Fn
	shape   Shape // limb counts of the buffers; Alias makes out1 == arg1
	batches int
	in      []uint64 // batches × (Arg1+Arg2): arg1 then arg2 of each batch
	order   []uint64 // batches × len(fns): the calling order of each batch
	calls   uint64   // calls per batch; 0 calibrates, and the count used is stored back
	goal    uint64   // ticks per batch the calibration aims for
	max     uint64   // cap on calls per batch
	poison  uint64   // seeds the pattern out1 is filled with before each checking call

	results []uint64 // batches × len(fns) × Out: each function's output on each batch
	cycles  []uint64 // batches × len(fns): ticks for calls calls
}

// grow returns s resized to n, reusing its array when it is large enough.
func grow(s []uint64, n int) []uint64 {
	if cap(s) < n {
		return make([]uint64, n)
	}
	return s[:n]
}

// time runs j on the pinned thread.
func (r *Runner) time(j *timing) error {
	var err error
	if werr := r.do(func() { err = r.timeOnWorker(j) }); werr != nil {
		return werr
	}
	return err
}

func (r *Runner) timeOnWorker(j *timing) error {
	nf, s := len(j.fns), j.shape
	stride := s.Arg1 + s.Arg2
	var l layout
	fnsAt, orderAt := l.take(nf), l.take(j.batches*nf)
	inAt, outAt := l.take(j.batches*stride), l.take(max(s.Out, s.Arg1))
	resAt, cycAt := l.take(j.batches*nf*s.Out), l.take(j.batches*nf)
	if err := r.ws.ensure(l.next); err != nil {
		return err
	}
	w := r.ws.words
	if err := r.resolve(j.fns, w[fnsAt:fnsAt+nf]); err != nil {
		return err
	}
	copy(w[orderAt:], j.order)
	copy(w[inAt:], j.in)
	a := runArgs{
		fns: &w[fnsAt], order: &w[orderAt], in: &w[inAt], out: &w[outAt],
		results: &w[resAt], cycles: &w[cycAt],
		nfns: nf, batches: j.batches, stride: stride, narg1: s.Arg1, nout: s.Out, alias: s.Alias,
		calls: j.calls, goal: j.goal, maxCalls: j.max, poison: j.poison,
	}
	j.calls = runBatches(&a)
	j.results = grow(j.results, j.batches*nf*s.Out)
	j.cycles = grow(j.cycles, j.batches*nf)
	copy(j.results, w[resAt:])
	copy(j.cycles, w[cycAt:])
	return nil
}
