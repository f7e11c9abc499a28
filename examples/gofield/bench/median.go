package bench

import (
	"math/rand"
	"slices"
	"time"
)

// timed is one function of an interleaved comparison.
type timed struct {
	name string
	f    func()
}

// medians times fns in short batches (calls each), interleaved in a shuffled order each
// round, and returns each one's median batch in ns per call. On a loaded machine a
// preempted batch is an outlier that the median ignores and a plain benchmark's mean does
// not (the method of cryptopt's own measurement).
func medians(fns []timed, rounds, calls int) []float64 {
	times := make([][]float64, len(fns))
	order := make([]int, len(fns))
	for i := range order {
		order[i] = i
	}
	rng := rand.New(rand.NewSource(1))
	for range rounds {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for _, i := range order {
			t0 := time.Now()
			for range calls {
				fns[i].f()
			}
			times[i] = append(times[i], float64(time.Since(t0).Nanoseconds())/float64(calls))
		}
	}
	med := make([]float64, len(fns))
	for i := range fns {
		slices.Sort(times[i])
		med[i] = times[i][len(times[i])/2]
	}
	return med
}
