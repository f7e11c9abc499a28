package egraph

import (
	"encoding/binary"
	"fmt"
	"slices"
	"strconv"
)

// Id names an equivalence class of the graph.
type Id int32

// Op is the operator of a node. Every node denotes a non-negative integer.
type Op uint8

// Node operators. K is a bit count, Val a constant, Name a symbol or tag.
const (
	OpConst  Op = iota // Val
	OpSym              // an input named Name, known to be <= Val
	OpAdd              // Σ Coef[i]*Args[i] + Val (args sorted, distinct, no constants)
	OpMul              // Π Args (sorted, no constants)
	OpMod              // Args[0] mod 2^K
	OpShr              // Args[0] >> K (floor division by 2^K)
	OpNot              // 2^K - 1 - Args[0], for Args[0] < 2^K
	OpAnd              // bitwise and (sorted args)
	OpOr               // bitwise or (sorted args)
	OpXor              // bitwise xor (sorted args)
	OpSelect           // Args[0] == 0 ? Args[1] : Args[2]
	OpIsZero           // Args[0] == 0 ? 1 : 0
	OpOpaque           // an uninterpreted function Name of Args, known to be <= Val
	numOps
)

var opNames = [...]string{"const", "sym", "+", "*", "mod", ">>", "~", "&", "|", "^", "?", "zero", "@"}

func (o Op) String() string {
	if int(o) < len(opNames) {
		return opNames[o]
	}
	return "op" + strconv.Itoa(int(o))
}

// Node is one operator applied to classes.
type Node struct {
	Op   Op
	Args []Id
	Coef []U128 // OpAdd only, parallel to Args
	K    int
	Val  U128
	Name string
}

// EGraph holds hash-consed nodes. memo maps a node's key to its class; unionfind maps a
// class to its parent; pending lists classes merged since the last Rebuild.
type EGraph struct {
	nodes     []Node
	ub        []U128
	memo      map[string]Id
	unionfind []Id
	pending   []Id
	keybuf    []byte
	rules     [numOps][]Rewrite
	size      int                      // arguments of all nodes: with Len, what the graph costs in memory
	probing   int                      // how deep add-carry-mod's probes of truncations nest (probeMod)
	probed    map[probeKey]Id          // probeMod's truncations
	forms     map[probeKey]map[Id]U128 // lowForm's linear forms (nil: none)
}

// New makes an empty graph.
func New() *EGraph { return &EGraph{memo: map[string]Id{}, rules: rulesByOp()} }

// NewWithout makes an empty graph whose normaliser leaves out the named rules. Rules
// rewrite a node to the first match's form (normalise), so the set is not confluent:
// a sound rule can steer two equal terms to different normal forms. The checker tries
// a second rule set when the first fails (checker.check).
func NewWithout(names ...string) *EGraph {
	g := New()
	for op := range g.rules {
		g.rules[op] = slices.DeleteFunc(slices.Clone(g.rules[op]), func(r Rewrite) bool {
			return slices.Contains(names, r.Name)
		})
	}
	return g
}

// Len is the number of classes ever created.
func (g *EGraph) Len() int { return len(g.nodes) }

// TooBig reports, as an error naming the limit, when the graph has outgrown MaxClasses
// classes or MaxArgs node arguments: the caller stops building and refuses the input.
func (g *EGraph) TooBig() error {
	switch {
	case len(g.nodes) > MaxClasses:
		return fmt.Errorf("the terms outgrow the checker's limit of %d E-graph classes", MaxClasses)
	case g.size > MaxArgs:
		return fmt.Errorf("the terms outgrow the checker's limit of %d E-graph node arguments", MaxArgs)
	}
	return nil
}

// Find is the canonical class of id.
func (g *EGraph) Find(id Id) Id {
	for g.unionfind[id] != id {
		g.unionfind[id] = g.unionfind[g.unionfind[id]]
		id = g.unionfind[id]
	}
	return id
}

// Node is the representative node of id's class.
func (g *EGraph) Node(id Id) Node { return g.nodes[g.Find(id)] }

// UB is an upper bound of id's value; Max means unknown.
func (g *EGraph) UB(id Id) U128 { return g.ub[g.Find(id)] }

// Union records that a and b are equal and reports whether they were distinct.
// Call Rebuild before relying on congruence.
func (g *EGraph) Union(a, b Id) bool {
	a, b = g.Find(a), g.Find(b)
	if a == b {
		return false
	}
	if b < a {
		a, b = b, a
	}
	g.unionfind[b] = a
	if g.ub[b].Cmp(g.ub[a]) < 0 {
		g.ub[a] = g.ub[b]
	}
	g.pending = append(g.pending, b)
	return true
}

// Rebuild restores congruence after unions: nodes whose arguments became equal are merged.
func (g *EGraph) Rebuild() {
	for len(g.pending) > 0 {
		g.pending = g.pending[:0]
		g.memo = make(map[string]Id, len(g.nodes))
		for i := range g.nodes {
			id := Id(i)
			n := g.canonArgs(g.nodes[i])
			k := string(g.key(n))
			if other, ok := g.memo[k]; ok {
				g.Union(other, id)
				continue
			}
			g.memo[k] = g.Find(id)
		}
	}
}

func (g *EGraph) canonArgs(n Node) Node {
	if len(n.Args) == 0 {
		return n
	}
	m := n
	m.Args = make([]Id, len(n.Args))
	for i, a := range n.Args {
		m.Args[i] = g.Find(a)
	}
	if isAC(n.Op) && n.Op != OpAdd {
		slices.Sort(m.Args)
	}
	return m
}

func isAC(o Op) bool { return o == OpAdd || o == OpMul || o == OpAnd || o == OpOr || o == OpXor }

// key is the hash-consing key of a node with canonical arguments: its fields in binary,
// each number fixed-width or varint, the name length-prefixed, so that two nodes have
// the same key exactly when they are the same node. (It was text, numbers formatted in
// decimal and hex: formatting them was 6% of the examples' checks.)
func (g *EGraph) key(n Node) []byte {
	b := g.keybuf[:0]
	b = append(b, byte(n.Op))
	b = binary.AppendVarint(b, int64(n.K))
	b = binary.LittleEndian.AppendUint64(b, n.Val.Hi)
	b = binary.LittleEndian.AppendUint64(b, n.Val.Lo)
	b = binary.AppendUvarint(b, uint64(len(n.Name)))
	b = append(b, n.Name...)
	// Coefficients or not (a sum without arguments has none to write either way).
	coef := n.Coef != nil && len(n.Args) > 0
	if coef {
		b = append(b, 1)
	} else {
		b = append(b, 0)
	}
	for i, a := range n.Args {
		b = binary.AppendVarint(b, int64(a))
		if coef {
			b = binary.LittleEndian.AppendUint64(b, n.Coef[i].Hi)
			b = binary.LittleEndian.AppendUint64(b, n.Coef[i].Lo)
		}
	}
	g.keybuf = b
	return b
}

// lookup finds an existing class for a node with canonical arguments.
func (g *EGraph) lookup(n Node) (Id, bool) {
	id, ok := g.memo[string(g.key(n))]
	if !ok {
		return 0, false
	}
	return g.Find(id), true
}

// intern adds a node that is already in normal form.
func (g *EGraph) intern(n Node) Id {
	if id, ok := g.lookup(n); ok {
		return id
	}
	id := Id(len(g.nodes))
	g.nodes = append(g.nodes, n)
	g.size += len(n.Args)
	g.unionfind = append(g.unionfind, id)
	g.ub = append(g.ub, g.bound(n))
	g.memo[string(g.key(n))] = id
	return id
}

// Add inserts a node, normalising it first, and returns its class.
func (g *EGraph) Add(n Node) Id {
	n = g.canonArgs(n)
	if id, ok := g.lookup(n); ok {
		return id
	}
	// The bound of the node as written can be tighter than that of its normal form (a
	// carry of a flattened sum, say); both bound the same value, so keep the better one.
	raw := g.bound(n)
	id := g.normalise(n)
	g.refine(id, raw)
	return id
}

func (g *EGraph) normalise(n Node) Id {
	n, id, done := g.canon(n)
	if done {
		return id
	}
	for _, r := range g.rules[n.Op] {
		if id, ok := r.Apply(g, n); ok {
			return id
		}
	}
	return g.intern(n)
}

// refine lowers id's upper bound to ub when that is tighter.
func (g *EGraph) refine(id Id, ub U128) {
	id = g.Find(id)
	if ub != Max && ub.Cmp(g.ub[id]) < 0 {
		g.ub[id] = ub
	}
}
