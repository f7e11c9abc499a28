package fields

import (
	"fmt"
	"math/big"
	"math/rand"
	"testing"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/ir/interp"
	"github.com/stretchr/testify/require"
)

// count is n, scaled down under -short.
func count(n int) int {
	if testing.Short() {
		return n / 10
	}
	return n
}

// montLinear reports whether op needs operand values < p (Fiat's Montgomery add/sub/opp).
func montLinear(F Field, op string) bool {
	return F.Method == Montgomery && (op == "add" || op == "sub" || op == "opp")
}

// reducedInput is a random canonical input: each argument a uniform value mod p.
func reducedInput(F Field, f *ir.Func, rng *rand.Rand) [][]uint64 {
	args := make([][]uint64, len(f.Params))
	for i := range args {
		x := new(big.Int).Rand(rng, F.Prime)
		args[i] = F.Limbs(x)
	}
	return args
}

// specialInputs are 0, 1 and p-1 in every argument combination that fits the bounds.
func specialInputs(F Field, f *ir.Func) [][][]uint64 {
	vals := [][]uint64{F.Limbs(big.NewInt(0)), F.Limbs(big.NewInt(1)), F.Limbs(new(big.Int).Sub(F.Prime, big.NewInt(1)))}
	var out [][][]uint64
	if len(f.Params) == 1 {
		for _, v := range vals {
			out = append(out, [][]uint64{v})
		}
		return out
	}
	for _, v := range vals {
		for _, w := range vals {
			out = append(out, [][]uint64{v, w})
		}
	}
	return out
}

// allReduced reports whether every argument's value is below p.
func allReduced(F Field, args [][]uint64) bool {
	for _, a := range args {
		if F.Value(a).Cmp(F.Prime) >= 0 {
			return false
		}
	}
	return true
}

// checkOne evaluates f on args and checks the output bounds and the value mod p; when the
// inputs are reduced, Montgomery results must be fully reduced too.
func checkOne(m *interp.Machine, F Field, op string, f *ir.Func, args, out [][]uint64) error {
	if err := m.Eval(args, out); err != nil {
		return err
	}
	if err := interp.InBounds(f, out); err != nil {
		return fmt.Errorf("inputs %#x: %w", args, err)
	}
	reduced := allReduced(F, args)
	if montLinear(F, op) && !reduced {
		return nil // outside Fiat's precondition: only the bounds are promised
	}
	want, err := F.Expected(op, args)
	if err != nil {
		return err
	}
	got := F.Value(out[0])
	if new(big.Int).Mod(got, F.Prime).Cmp(want) != 0 {
		return fmt.Errorf("inputs %#x: got %#x ≢ %#x mod p", args, got, want)
	}
	if F.Method == Montgomery && reduced && got.Cmp(F.Prime) >= 0 {
		return fmt.Errorf("inputs %#x: output %#x not fully reduced", args, got)
	}
	return nil
}

// checkOp runs op of F on edge, special and n random inputs (half uniform limbs within the
// bounds, half canonical encodings of uniform field elements).
func checkOp(t *testing.T, F Field, op string, n int, seed int64) {
	f, err := F.Func(op)
	require.NoError(t, err)
	require.NoError(t, ir.Verify(f))
	m, err := interp.New(f)
	require.NoError(t, err)
	out := m.NewOutputs()
	inputs := append(interp.EdgeInputs(f), specialInputs(F, f)...)
	for _, args := range inputs {
		require.NoError(t, checkOne(m, F, op, f, args, out))
	}
	rng := rand.New(rand.NewSource(seed))
	for i := 0; i < n; i++ {
		args := reducedInput(F, f, rng)
		if i%2 == 0 && !montLinear(F, op) {
			args = interp.RandomInputs(f, rng)
		}
		require.NoError(t, checkOne(m, F, op, f, args, out))
	}
}
