package symexec

import "sort"

// StackCell is one 8-byte stack cell the program wrote: its offset from rsp at entry and
// its final content.
type StackCell struct {
	Off int64
	Val Val
}

// StackCells lists the stack cells written, by ascending offset (pushes included).
func (r *AsmResult) StackCells() []StackCell {
	var cells []StackCell
	for k, v := range r.Mem {
		if k.base == StackBase {
			cells = append(cells, StackCell{Off: k.off, Val: v})
		}
	}
	sort.Slice(cells, func(i, j int) bool { return cells[i].Off < cells[j].Off })
	return cells
}
