package symexec

// limitTerms stops execution when the terms outgrow the graph's limits, so that no
// program can make the checker exhaust memory.
func (x *asmExec) limitTerms() {
	if err := x.g.TooBig(); err != nil {
		x.violate("%v", err)
	}
}
