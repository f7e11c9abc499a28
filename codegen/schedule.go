package codegen

import "github.com/rules-cryptopt/rules_cryptopt/ir"

// schedule is the first pass: it fixes the time of every use (instruction at position i
// of the genome's order reads its operands at time 2i, results are stored at odd times)
// and the time of every output store. The other passes ask it for liveness.
func (g *gen) schedule() {
	p, nv := g.p, len(g.f.Values)
	g.rewind() // while the uses are laid out, a cursor is its value's next free place
	lastArg1 := int32(-1)
	for i, j := range g.order {
		t := int32(2 * i)
		for _, a := range g.f.Body[j].Args {
			v, _ := p.valueOf(a)
			g.addUse(v, t)
			if ptr := p.param[v].ptr; ptr >= 0 {
				g.addUse(ptr, t)
				if int(ptr) == nv+1 {
					lastArg1 = t
				}
			}
		}
		for _, r := range g.f.Body[j].Results {
			g.defPos[r] = int32(i)
		}
	}
	// A store needs its value, the out1 pointer, and the pointer of a parameter limb
	// stored straight to the output.
	for k, a := range p.stores {
		t := int32(2*len(g.order) - 1)
		if d := g.defPos[a.Val]; !a.IsConst && d >= 0 {
			t = 2*d + 1
			if g.opts.Aliasing == ir.AliasOut1Arg1 && t < lastArg1+1 {
				t = lastArg1 + 1
			}
		}
		t = max(t, 1)
		g.storeTime[k] = t
		g.addUse(int32(nv), t)
		if !a.IsConst {
			g.addUse(int32(a.Val), t)
			if ptr := p.param[a.Val].ptr; ptr >= 0 {
				g.addUse(ptr, t)
			}
		}
	}
	g.rewind()
}

// addUse adds a use of v at time t, keeping v's uses sorted.
func (g *gen) addUse(v, t int32) {
	at := g.useCur[v]
	for at > g.p.useStart[v] && g.usePos[at-1] > t {
		g.usePos[at] = g.usePos[at-1]
		at--
	}
	g.usePos[at] = t
	g.useCur[v]++
}

// nextNeed is the first time ≥ now at which v is read or stored, never if none.
func (g *gen) nextNeed(v int32) int32 {
	c, end := g.useCur[v], g.p.useStart[v+1]
	for c < end && g.usePos[c] < g.now {
		c++
	}
	g.useCur[v] = c
	if c < end {
		return g.usePos[c]
	}
	return never
}

// rewind restarts the liveness cursors for a pass that walks the schedule again.
func (g *gen) rewind() { copy(g.useCur, g.p.useStart) }

func (g *gen) live(v int32) bool { return g.nextNeed(v) != never }

// dies reports whether the current instruction is the last need of value a.
func (g *gen) dies(a ir.Arg) bool {
	if a.IsConst {
		return false
	}
	v := int32(a.Val)
	save, cur := g.now, g.useCur[v]
	g.now |= 1 // just after the current instruction
	d := !g.live(v)
	g.now, g.useCur[v] = save, cur
	return d
}

// usedNow reports whether v is an operand of the current instruction.
func (g *gen) usedNow(v int32) bool {
	g.nextNeed(v) // syncs the cursor to the first use ≥ now
	c := g.useCur[v]
	return c > g.p.useStart[v] && g.usePos[c-1] == g.now&^1
}
