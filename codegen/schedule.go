package codegen

import "github.com/rules-cryptopt/rules_cryptopt/ir"

// schedule is the first pass: it fixes the time of every use (instruction at position i
// of the genome's order reads its operands at time 2i, results are stored at odd times)
// and the time of every output store. The other passes ask it for liveness.
func (g *gen) schedule() {
	p := g.p
	nv := len(g.f.Values)
	lastArg1 := int32(-1)
	for i, j := range g.order {
		t := int32(2 * i)
		for _, a := range g.f.Body[j].Args {
			v, _ := p.valueOf(a)
			g.addUse(v, t)
			if r := p.param[v]; r.ptr >= 0 {
				g.addUse(r.ptr, t)
				if int(r.ptr) == nv+1 {
					lastArg1 = t
				}
			}
		}
		for _, r := range g.f.Body[j].Results {
			g.defPos[r] = int32(i)
		}
	}
	end := int32(2*len(g.order) - 1)
	for k, s := range p.stores {
		t := end
		if !s.arg.IsConst && g.defPos[s.arg.Val] >= 0 {
			t = 2*g.defPos[s.arg.Val] + 1
			if g.opts.Aliasing == ir.AliasOut1Arg1 && t < lastArg1+1 {
				t = lastArg1 + 1
			}
		}
		g.storeTime[k] = max(t, 1)
	}
	// A store needs its value, the out1 pointer, and the pointer of a parameter limb
	// stored straight to the output.
	for k, s := range p.stores {
		g.insertUse(int32(nv), g.storeTime[k])
		if !s.arg.IsConst {
			g.insertUse(int32(s.arg.Val), g.storeTime[k])
			if ptr := p.param[s.arg.Val].ptr; ptr >= 0 {
				g.insertUse(ptr, g.storeTime[k])
			}
		}
	}
	g.rewind() // the use counts were the cursors
}

// insertUse adds a use of v at time t, keeping v's uses sorted (useCur counts them).
func (g *gen) insertUse(v, t int32) {
	base := g.p.useStart[v]
	at := base + g.useCur[v]
	for at > base && g.usePos[at-1] > t {
		g.usePos[at] = g.usePos[at-1]
		at--
	}
	g.usePos[at] = t
	g.useCur[v]++
}

func (g *gen) addUse(v int32, t int32) {
	g.usePos[g.p.useStart[v]+g.useCur[v]] = t
	g.useCur[v]++
}

// nextNeed is the first time ≥ now at which v is read or stored, never if none.
func (g *gen) nextNeed(v int32) int32 {
	start, end := g.p.useStart[v], g.p.useStart[v+1]
	c := g.useCur[v]
	for start+c < end && g.usePos[start+c] < g.now {
		c++
	}
	g.useCur[v] = c
	if start+c < end {
		return g.usePos[start+c]
	}
	return never
}

// rewind restarts the liveness cursors for a pass that walks the schedule again.
func (g *gen) rewind() { clear(g.useCur) }

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
	start, c := g.p.useStart[v], g.useCur[v]
	return c > 0 && g.usePos[start+c-1] == g.now&^1
}
