package codegen_test

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/codegen"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// identityHashes pin, per Fiat mul/square function (all 24) and for random machine-form
// functions, the SHA-256 of the programs and applied decisions of many genomes in every
// option mode, as the code generator before the performance work of issue 14 produced
// them. Kept genomes (tests/seeds) must keep compiling to the same program, so a change
// meant to make Generate cheaper must leave every hash unchanged.
var identityHashes = map[string]string{
	"00 fiat_25519_carry_mul":             "721bebb4116c6729d67ee3215f9b562802aa7a9499e5623be533a32c5cf281ea",
	"01 fiat_25519_carry_square":          "358cf6a724b306acfbed531598f6973317e6aee5f5e110c592274d57838e85d0",
	"02 fiat_curve25519_solinas_mul":      "fc132bbff2f9feeac7f2d4e789fd0f400e5a46c8bbd9e02c42db4b39b0fa5ee5",
	"03 fiat_curve25519_solinas_square":   "d391f91ee9c54240d1eabb545b740a973630c2ed0838ef0dc2376ba0bfe3c94e",
	"04 fiat_p224_mul":                    "96a4c54ea109069116d609e60f9b84650e6b26757c13254ae97b0fc7bb3c1ec6",
	"05 fiat_p224_square":                 "62558d59705bb93a231f83e59519ee0eb5f371685f9f99c2c3bb0792de891105",
	"06 fiat_p256_mul":                    "46e8c014baeed3881dd1baec9b94ef3a0bb0049e278f68e9a34b9dde415fc682",
	"07 fiat_p256_square":                 "c27813187b11e1b364ae8cddf32456c220026104c0eddb25bbebee2406567c52",
	"08 fiat_p384_mul":                    "bf7e7ce7ea9c03048022c01980753cceb793538dcaff95784821b61ddca099ca",
	"09 fiat_p384_square":                 "5551d1bfb257cba71c1a772a421761af72e38a5cce0f0b4c100e7f3109794349",
	"10 fiat_p434_mul":                    "dff8aa2832e7dfeaa3f4854fa093ea32e1b08438f75196d34c4ff7b358e81759",
	"11 fiat_p434_square":                 "ffee6db9a0af6befe31efedbc6cc648a5ba1ea1f88aa7d04b0fbc784b700e925",
	"12 fiat_p448_carry_mul":              "bd7e864106471a135830f6b1af13c9afe3d12f05e471b9c0313ebb0b4fdaedc2",
	"13 fiat_p448_carry_square":           "6a7283549c0efdc131506758c1691cfdf9ba145de8d94ebccc0c0d9f05f3123b",
	"14 fiat_p521_carry_mul":              "a6875eb207359f822182d7fda572d15aec638d8ae0095d44adecc5f6a9cefe01",
	"15 fiat_p521_carry_square":           "6ef07393cf0ffb29a5453e845560026f7cd9341b0efc7b0e72165c3f38edf198",
	"16 fiat_poly1305_carry_mul":          "26d07df9307657330d788d36e4bf0df2b89c8930866527a3a78b54f9739df8b1",
	"17 fiat_poly1305_carry_square":       "8f43813ae1f9bce5ec0486e23becfdf7865d2655f1d54044b54c5936e869b8c6",
	"18 fiat_secp256k1_dettman_mul":       "fd48bbfa58f241aefdd656bbb7b90c9dadfa856f97e5ad059234f1d3659930fe",
	"19 fiat_secp256k1_dettman_square":    "499360b8ec85c267f994c82e2cd71f8a47b3426563e583d687da715f008ab208",
	"20 fiat_secp256k1_montgomery_mul":    "ba745bd06a42a62c33d7e3db8bbdc7031731e78ee7a468df3ec7de12334c84ab",
	"21 fiat_secp256k1_montgomery_square": "b4a4ac61a6b146855a97c8c53c1e13b3d44ee64885171d62e7496057ff160a67",
	"22 fiat_sm2_mul":                     "6b1e145c4cab7acad6ad732a61f51d57968ea322a277125ad2714e53cae69cd1",
	"23 fiat_sm2_square":                  "054901d4ac29fda7ef8bcfe04808573058fa85edf557ace9c5683524d1474130",
	"24 rnd":                              "e6e1e2d3b3ab7b37886ceb33d7a619a1ab3a0961741ad44122ee741d37602cba",
	"25 rnd":                              "27a4c9ce774da3f5d71ae25a98de99cfa20ff25ac3fa8fc98828cfe6d5ba7697",
	"26 rnd":                              "497940899e50d0eba2c3b372a25b20844f39390ea74819170da87e8cda6dd434",
	"27 rnd":                              "2dad17312cc79ff8b438c2a9998c0b1021255bd91e87ee4e5b3884cd1994c884",
	"28 rnd":                              "a6fe60088660af4c0ca477db66ad4f7e33b7d9ab62630e3c4678d0eb9ac42930",
	"29 rnd":                              "5fe65d851850aa1394dd610599dc3e875a4e267038dc056ef0d7e2af6105ebf1",
	"30 rnd":                              "1164d1ea15fb1884e7a5dfb7198ee5df0c3106d06ddfa1d4a75b6ee02f302269",
	"31 rnd":                              "21162d1fe279be0e89ec8387d6c175d1e0c3658149aefad43200fc2d70bbff02",
	"32 rnd":                              "cac48ee96363850f33ad7d7be14c2f5e5fe0da33f81bb68a69ef9c23286b48cd",
	"33 rnd":                              "e4eb373eeca497566b08657c8f26a9afadfdefc383542854ee5b82bf35226b24",
	"34 rnd":                              "a7e9bab2986efa6f5c5161e32d3e39e63d72a78c08fa398a69f1bc6295fe6052",
	"35 rnd":                              "4cc46c94000b30f98b0c413a1a5a543398f79e2b9a56823d950b520dc8b9c086",
	"36 rnd":                              "f21a4b5ef2a91bc64f2fd5124b9065483004495d512c13b8e05c708f8f83ad49",
	"37 rnd":                              "6cfbc5a09297121fc3cf0e8279e828696db226dffab9d9d2cd884eaeeb0d102e",
	"38 rnd":                              "f188b7f4875dec62956829283a06761782b8059e658f875a8771b6aed475359d",
	"39 rnd":                              "29033d1432cfd7410644193341d17e6d409d2c3bfb4075a8ce3ecdff3a56a149",
}

// identityGenomes is the number of genomes per function: random orders (every one a new
// schedule) with random decisions. (TestGoldenPrograms has greedy orders, which take
// a hundred Generates each.)
const identityGenomes = 64

func TestGenerateIdentity(t *testing.T) {
	funcs := fiatMulSquare(t)
	require.Len(t, funcs, 24)
	rng := rand.New(rand.NewSource(14))
	for i := range 16 {
		funcs = append(funcs, randomMachineFunc(rng, 1+i%5, 20+4*i, i%3 == 0))
	}
	got := map[string]string{}
	for fi, f := range funcs {
		p, err := codegen.NewPlan(f)
		require.NoError(t, err, f.Name)
		h := sha256.New()
		for gi := range identityGenomes {
			order := randomOrder(p.Deps(), rng)
			opts := allModes[gi%len(allModes)]
			opts.DeferVerify, opts.WipeSpills = gi%2 == 0, gi%5 == 4
			hashGenerate(t, h, p, order, randomDecisions(p.Options(), rng), opts)
		}
		got[fmt.Sprintf("%02d %s", fi, f.Name)] = hex.EncodeToString(h.Sum(nil))
	}
	for k, v := range got {
		if identityHashes[k] != v {
			t.Logf("%q: %q,", k, v)
		}
	}
	require.Equal(t, identityHashes, got)
}

// hashGenerate writes one genome's program text and applied decisions to h.
func hashGenerate(t *testing.T, h hash.Hash, p *codegen.Plan, order, dec []int, opts codegen.Options) {
	prog, used, err := p.Generate(order, dec, opts)
	require.NoError(t, err, "%s %+v", p.Func().Name, opts)
	h.Write(x86.PrintGNU(prog))
	for _, c := range used {
		h.Write([]byte{byte(c)})
	}
}
