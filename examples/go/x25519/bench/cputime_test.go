package bench

import (
	"crypto/ecdh"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strconv"
	"testing"

	circl "github.com/cloudflare/circl/dh/x25519"

	"github.com/rules-cryptopt/rules_cryptopt/examples/go/internal/cputime"
	"github.com/rules-cryptopt/rules_cryptopt/examples/go/x25519"
)

// x25519Cases are the three X25519 implementations on the same input (TestSameResults).
func x25519Cases(t *testing.T) (names []string, runs []func()) {
	k, u := inputs()
	priv, _ := ecdh.X25519().NewPrivateKey(k[:])
	pub, _ := ecdh.X25519().NewPublicKey(u[:])
	var ck, cu, cs circl.Key
	copy(ck[:], k[:])
	copy(cu[:], u[:])
	return []string{"ours_4x64", "crypto_ecdh", "circl"}, []func(){
		func() {
			if _, err := x25519.X25519(k[:], u[:]); err != nil {
				t.Fatal(err)
			}
		},
		func() {
			if _, err := priv.ECDH(pub); err != nil {
				t.Fatal(err)
			}
		},
		func() {
			if !circl.Shared(&cs, &ck, &cu) {
				t.Fatal("circl refused")
			}
		},
	}
}

// TestCPUTime (X25519_ROUNDS=N to run) times the three implementations in N rounds, each
// round a batch of 20 operations of each in a shuffled order, by thread CPU time. It prints
// per implementation the median and minimum ns/op and, against ours, the median of the
// per-round ratios (other / ours: above 1 means ours is faster), which cancels most of the
// load that a whole round shares.
func TestCPUTime(t *testing.T) {
	rounds, _ := strconv.Atoi(os.Getenv("X25519_ROUNDS"))
	if rounds <= 0 {
		t.Skip("set X25519_ROUNDS to run the CPU-time comparison")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	names, runs := x25519Cases(t)
	const batch = 20
	ns := make([][]float64, len(runs))
	ratios := make([][]float64, len(runs))
	rng := rand.New(rand.NewPCG(1, 1))
	for range rounds {
		round := make([]float64, len(runs))
		for _, i := range rng.Perm(len(runs)) {
			start := cputime.Thread()
			for range batch {
				runs[i]()
			}
			round[i] = float64(cputime.Thread()-start) / batch
			ns[i] = append(ns[i], round[i])
		}
		for i := range runs {
			ratios[i] = append(ratios[i], round[i]/round[0])
		}
	}
	med := func(s []float64) float64 { slices.Sort(s); return s[len(s)/2] }
	for i, name := range names {
		m := med(ns[i])
		fmt.Printf("%-12s median %8.0f ns  min %8.0f ns  speed of ours vs this: %.3fx (median of per-round ratios)\n",
			name, m, ns[i][0], med(ratios[i]))
	}
}
