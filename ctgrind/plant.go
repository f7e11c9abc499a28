package ctgrind

import (
	"fmt"
	"strings"
)

// Plant kinds: what Plant inserts at the function entry, reading arg1[0] (a secret).
const (
	PlantBranch = "branch" // a conditional jump on the secret
	PlantIndex  = "index"  // a load from an address computed from the secret
)

// Plant returns GNU assembly text (Intel syntax, as codegen prints it) with a
// secret-dependent branch or memory index inserted after the label of symbol. It clobbers
// only rax and the flags before the body sets them, so the function still computes the
// right result: the leak is the only difference, which a constant-time test must catch.
func Plant(asm, symbol, kind string) (string, error) {
	var code string
	switch kind {
	case PlantBranch:
		code = "\tmov rax, qword ptr [rsi]\n\ttest rax, rax\n\tjz 1f\n1:\n"
	case PlantIndex:
		// The loaded word is stored (into the red zone), or valgrind drops the dead load.
		code = "\tmov rax, qword ptr [rsi]\n\tand rax, 8\n\tmov rax, qword ptr [rsp + rax - 16]\n\tmov qword ptr [rsp - 8], rax\n"
	default:
		return "", fmt.Errorf("ctgrind: plant %q: want %q or %q", kind, PlantBranch, PlantIndex)
	}
	label := symbol + ":\n"
	i := strings.Index(asm, label)
	if i < 0 {
		return "", fmt.Errorf("ctgrind: plant: no label %s in the assembly", symbol)
	}
	i += len(label)
	return asm[:i] + code + asm[i:], nil
}
