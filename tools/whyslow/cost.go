package main

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// Costs are throughput costs in core cycles per instruction, measured on one CPU by
// testdata/ports.c: "mul" (mul, mulx), "imul", "add" (the Add class), "shift", "shrd",
// "logic" and "lea". Moves, loads and stores are left out: the probes found them nearly free
// next to the arithmetic (move elimination, memory renaming). "shrd" covers shrd and
// shld, which the probes found far slower than the other shifts.
type Costs map[string]float64

var costKeys = []string{"mul", "imul", "add", "shift", "shrd", "logic", "lea"}

// ParseCosts reads "mul=0.57,imul=0.68,...": every key once, each a non-negative number.
func ParseCosts(s string) (Costs, error) {
	c := Costs{}
	for _, kv := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(kv, "=")
		x, err := strconv.ParseFloat(v, 64)
		_, dup := c[k]
		switch {
		case !ok || err != nil || x < 0:
			return nil, fmt.Errorf("cost %q: want key=cycles", kv)
		case !slices.Contains(costKeys, k):
			return nil, fmt.Errorf("cost %q: the keys are %s", kv, strings.Join(costKeys, ", "))
		case dup:
			return nil, fmt.Errorf("cost %q given twice", k)
		}
		c[k] = x
	}
	if len(c) != len(costKeys) {
		return nil, fmt.Errorf("costs %q: want all of %s", s, strings.Join(costKeys, ", "))
	}
	return c, nil
}

// costKey is the key of c that an instruction of opcode op costs ("": none).
func costKey(op x86.Opcode) string {
	switch cl := classOf(op); {
	case op == x86.IMUL, op == x86.LEA:
		return op.String()
	case op == x86.SHRD || op == x86.SHLD:
		return "shrd"
	case cl == Mul, cl == Add, cl == Shift, cl == Logic:
		return string(cl)
	}
	return ""
}

// Estimate is the arithmetic's issue time under c: the sum of its instructions' costs,
// a lower bound when they all compete for the same ports (as the probes found mulx and
// add/adc do).
func (c Costs) Estimate(ins []x86.Inst) float64 {
	t := 0.0
	for _, in := range ins {
		t += c[costKey(in.Op)]
	}
	return t
}
