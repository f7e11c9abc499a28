package symexec

import (
	"sort"

	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

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

// Stack discipline that survives signals. The kernel may run a signal handler between
// any two instructions, and the handler's frame starts RedZone bytes below rsp: memory
// below that is not the function's. A cell the function wrote is therefore only safe to
// read back while rsp has not moved above it since the write. The rule is deliberately
// stricter than the ABI (which keeps the 128 bytes below rsp), in the words of issue 9:
// once rsp moves above a written cell (add rsp, pop, ...), that cell is released and may
// not be read again until it is written again. Accesses below rsp-RedZone are refused at
// the access itself (check).

// release marks the written stack cells below rsp as released when the instruction just
// executed moved rsp up from before.
func (x *asmExec) release(before Val) {
	now := x.regs[x86.RSP]
	if !now.Ptr || !before.Ptr || now.Base != StackBase || before.Base != StackBase || now.Off <= before.Off {
		return
	}
	for k := range x.mem {
		if k.base == StackBase && k.off < now.Off {
			if _, done := x.released[k.off]; !done {
				x.released[k.off] = x.inst
			}
		}
	}
}

// rewritten makes a written cell live again.
func (x *asmExec) rewritten(k memKey) {
	if k.base == StackBase {
		delete(x.released, k.off)
	}
}

// checkReleased refuses a read of a released cell.
func (x *asmExec) checkReleased(off int64) {
	if at, ok := x.released[off]; ok {
		x.violate("reads the stack slot at entry rsp%+d, released when instruction %d moved rsp above it "+
			"(a signal handler may have overwritten it)", off, at+1)
	}
}
