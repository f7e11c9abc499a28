package checker

import "fmt"

// wiped is the --wipe-spills obligation: every stack cell the program wrote (spill slots,
// pushed registers, red zone) holds the constant 0 at ret, for every input.
func (c *comparison) wiped() []Failure {
	zero := c.g.Find(c.g.Word(0))
	var fs []Failure
	for _, cell := range c.asm.StackCells() {
		if !cell.Val.Ptr && c.g.Find(cell.Val.Id) == zero {
			continue
		}
		f := Failure{What: fmt.Sprintf("stack[rsp%+d]", cell.Off), IRExpr: "0 (wipe spills)", AsmExpr: "a pointer"}
		if !cell.Val.Ptr {
			f.AsmExpr = c.format(cell.Val.Id)
			if i, ok := c.asm.Creator[c.g.Find(cell.Val.Id)]; ok {
				c.locate(&f, i)
			}
		}
		fs = append(fs, f)
	}
	return fs
}
