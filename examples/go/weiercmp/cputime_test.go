package weiercmp

import (
	"crypto/ecdh"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strconv"
	"testing"

	"github.com/decred/dcrd/dcrec/secp256k1/v4"
	"github.com/rules-cryptopt/rules_cryptopt/examples/go/internal/cputime"
	"github.com/rules-cryptopt/rules_cryptopt/examples/go/nistp256"
	ours "github.com/rules-cryptopt/rules_cryptopt/examples/go/secp256k1"
)

type cpuCase struct {
	name string
	run  func()
}

func cpuCases(t *testing.T) []cpuCase {
	rng := rand.New(rand.NewPCG(9, 9))
	k, j := randomBytes(rng, 32), randomBytes(rng, 32)
	p256P, err := nistp256.ScalarBaseMult(j)
	if err != nil {
		t.Fatal(err)
	}
	priv, _ := ecdh.P256().NewPrivateKey(k)
	other, _ := ecdh.P256().NewPrivateKey(j)
	k1P, err := ours.ScalarBaseMult(j)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := decredScalar(k)
	pk, _ := secp256k1.ParsePubKey(k1P)
	var jp, r secp256k1.JacobianPoint
	pk.AsJacobian(&jp)
	must := func(_ []byte, err error) {
		if err != nil {
			panic(err)
		}
	}
	return []cpuCase{
		{"P-256 k·G ours", func() { must(nistp256.ScalarBaseMult(k)) }},
		{"P-256 k·G crypto/ecdh", func() {
			p, err := ecdh.P256().NewPrivateKey(k)
			must(p.PublicKey().Bytes(), err)
		}},
		{"P-256 k·P ours", func() { must(nistp256.ScalarMult(k, p256P)) }},
		{"P-256 k·P crypto/ecdh (x only)", func() { must(priv.ECDH(other.PublicKey())) }},
		{"secp256k1 k·G ours", func() { must(ours.ScalarBaseMult(k)) }},
		{"secp256k1 k·G decred (NonConst)", func() { _ = decredBaseMult(&s) }},
		{"secp256k1 k·P ours", func() { must(ours.ScalarMult(k, k1P)) }},
		{"secp256k1 k·P decred (NonConst)", func() {
			secp256k1.ScalarMultNonConst(&s, &jp, &r)
			r.ToAffine()
			_ = secp256k1.NewPublicKey(&r.X, &r.Y).SerializeUncompressed()
		}},
	}
}

// TestCPUTime (WEIERCMP_ROUNDS=N to run) times every case in N interleaved rounds of 20
// operations each, by thread CPU time, and prints median and minimum per operation.
func TestCPUTime(t *testing.T) {
	rounds, _ := strconv.Atoi(os.Getenv("WEIERCMP_ROUNDS"))
	if rounds <= 0 {
		t.Skip("set WEIERCMP_ROUNDS to run the CPU-time comparison")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cases := cpuCases(t)
	for _, c := range cases {
		c.run() // first-use tables
	}
	const batch = 20
	samples := make([][]float64, len(cases))
	rng := rand.New(rand.NewPCG(1, 1))
	for range rounds {
		for _, i := range rng.Perm(len(cases)) {
			start := cputime.Thread()
			for range batch {
				cases[i].run()
			}
			samples[i] = append(samples[i], float64(cputime.Thread()-start)/batch)
		}
	}
	for i, c := range cases {
		slices.Sort(samples[i])
		fmt.Printf("%-34s median %9.0f ns  min %9.0f ns\n", c.name, samples[i][len(samples[i])/2], samples[i][0])
	}
}
