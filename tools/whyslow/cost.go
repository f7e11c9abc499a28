package main

import (
	"fmt"
	"strconv"
	"strings"
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
		case !contains(costKeys, k):
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

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// Estimate is the arithmetic's issue time under c: the sum of its instructions' costs,
// a lower bound when they all compete for the same ports (as the probes found mulx and
// add/adc do).
func (c Costs) Estimate(ins []Inst) float64 {
	t := 0.0
	for _, in := range ins {
		switch cl := in.Class(); {
		case in.Op == "imul":
			t += c["imul"]
		case cl == Mul:
			t += c["mul"]
		case cl == Add:
			t += c["add"]
		case in.Op == "shrd" || in.Op == "shld":
			t += c["shrd"]
		case cl == Shift:
			t += c["shift"]
		case cl == Logic:
			t += c["logic"]
		case in.Op == "lea":
			t += c["lea"]
		}
	}
	return t
}
