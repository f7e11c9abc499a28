package weiercmp

import (
	"crypto/ecdh"
	"math/rand/v2"
	"testing"

	"github.com/decred/dcrd/dcrec/secp256k1/v4"
	"github.com/rules-cryptopt/rules_cryptopt/examples/go/nistp256"
	ours "github.com/rules-cryptopt/rules_cryptopt/examples/go/secp256k1"
)

// The whole-operation benchmarks side by side: k·G and k·P, ours (generated field code)
// against crypto/ecdh P-256 (hand-written assembly) and decred secp256k1 (pure Go,
// variable time: ScalarBaseMultNonConst / ScalarMultNonConst). Each includes the affine
// conversion and SEC 1 encoding the API returns; crypto/ecdh's k·P returns x only.

func benchScalars() (k, j []byte) {
	rng := rand.New(rand.NewPCG(7, 7))
	return randomBytes(rng, 32), randomBytes(rng, 32)
}

func BenchmarkP256BaseMultOurs(b *testing.B) {
	k, _ := benchScalars()
	_, _ = nistp256.ScalarBaseMult(k) // the table is built at first use
	for b.Loop() {
		if _, err := nistp256.ScalarBaseMult(k); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkP256BaseMultCryptoECDH(b *testing.B) {
	k, _ := benchScalars()
	for b.Loop() {
		priv, err := ecdh.P256().NewPrivateKey(k)
		if err != nil {
			b.Fatal(err)
		}
		_ = priv.PublicKey().Bytes()
	}
}

func BenchmarkP256MultOurs(b *testing.B) {
	k, j := benchScalars()
	p, _ := nistp256.ScalarBaseMult(j)
	for b.Loop() {
		if _, err := nistp256.ScalarMult(k, p); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkP256MultCryptoECDH(b *testing.B) {
	k, j := benchScalars()
	priv, _ := ecdh.P256().NewPrivateKey(k)
	other, _ := ecdh.P256().NewPrivateKey(j)
	pub := other.PublicKey()
	for b.Loop() {
		if _, err := priv.ECDH(pub); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSecp256k1BaseMultOurs(b *testing.B) {
	k, _ := benchScalars()
	_, _ = ours.ScalarBaseMult(k)
	for b.Loop() {
		if _, err := ours.ScalarBaseMult(k); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSecp256k1BaseMultDecred(b *testing.B) {
	k, _ := benchScalars()
	s, _ := decredScalar(k)
	for b.Loop() {
		_ = decredBaseMult(&s)
	}
}

func BenchmarkSecp256k1MultOurs(b *testing.B) {
	k, j := benchScalars()
	p, _ := ours.ScalarBaseMult(j)
	for b.Loop() {
		if _, err := ours.ScalarMult(k, p); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSecp256k1MultDecred(b *testing.B) {
	k, j := benchScalars()
	s, _ := decredScalar(k)
	p, _ := ours.ScalarBaseMult(j)
	pk, err := secp256k1.ParsePubKey(p)
	if err != nil {
		b.Fatal(err)
	}
	var jp, r secp256k1.JacobianPoint
	pk.AsJacobian(&jp)
	for b.Loop() {
		secp256k1.ScalarMultNonConst(&s, &jp, &r)
		r.ToAffine()
		_ = secp256k1.NewPublicKey(&r.X, &r.Y).SerializeUncompressed()
	}
}
