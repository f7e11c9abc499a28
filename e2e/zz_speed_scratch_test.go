package e2e

import (
	"os"
	"testing"

	"github.com/rules-cryptopt/rules_cryptopt/codegen"
	"github.com/rules-cryptopt/rules_cryptopt/fields"
	"github.com/rules-cryptopt/rules_cryptopt/ir/cemit"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

func TestSpeedScratch(t *testing.T) {
	name, op := os.Getenv("FIELD"), os.Getenv("OP")
	if name == "" {
		t.Skip()
	}
	F, _ := fields.Lookup(name)
	f, _ := F.Func(op)
	p, err := codegen.NewPlan(f)
	if err != nil {
		t.Fatal(err)
	}
	order := make([]int, len(p.Deps()))
	for i := range order {
		order[i] = i
	}
	dec := make([]int, len(p.Options()))
	prog, _, err := p.Generate(order, dec, codegen.Options{Symbol: "asmf"})
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile("/tmp/speed/f.S", x86.PrintGNU(prog), 0o644)
	c, err := cemit.Emit(f, "cf")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile("/tmp/speed/c.c", c, 0o644)
}
