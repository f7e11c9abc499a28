package main

import (
	"bufio"
	"io"
	"strconv"
	"time"

	"github.com/rules-cryptopt/rules_cryptopt/search"
)

// traceHeader is the first line of the --trace CSV.
const traceHeader = "eval,bet,mutation,cand_cycles,best_cycles,baseline_cycles,accepted,current_cycles,elapsed_s\n"

// trace records the search trajectory: CSV rows streamed to w (when set) and the current
// genome's score per evaluation for the plot. Appending a row allocates nothing.
type trace struct {
	w        *bufio.Writer
	buf      []byte
	current  []float32 // the current genome's score in each evaluation (0: not measured)
	baseline []float32
	err      error
}

func newTrace(w io.Writer, capacity int) *trace {
	t := &trace{
		current:  make([]float32, 0, min(capacity, 1<<16)),
		baseline: make([]float32, 0, min(capacity, 1<<16)),
	}
	if w != nil {
		t.w = bufio.NewWriterSize(w, 1<<16)
		_, t.err = t.w.WriteString(traceHeader)
	}
	return t
}

// add records one evaluation.
func (t *trace) add(s search.Step, elapsed time.Duration) {
	t.current = append(t.current, float32(s.Current))
	t.baseline = append(t.baseline, float32(s.Baseline))
	if t.w == nil || t.err != nil {
		return
	}
	b := t.buf[:0]
	b = strconv.AppendInt(b, int64(s.Eval), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(s.Bet), 10)
	b = append(b, ',')
	b = append(b, s.Mutation.String()...)
	for _, x := range [...]float64{s.Cand, s.Best, s.Baseline} {
		b = append(b, ',')
		b = strconv.AppendFloat(b, x, 'f', 1, 64)
	}
	b = append(b, ',')
	b = strconv.AppendBool(b, s.Accepted)
	b = append(b, ',')
	b = strconv.AppendFloat(b, s.Current, 'f', 1, 64)
	b = append(b, ',')
	b = strconv.AppendFloat(b, elapsed.Seconds(), 'f', 3, 64)
	b = append(b, '\n')
	t.buf = b
	_, t.err = t.w.Write(b)
}

// flush writes buffered rows and returns the first write error.
func (t *trace) flush() error {
	if t.w == nil {
		return nil
	}
	if t.err != nil {
		return t.err
	}
	return t.w.Flush()
}
