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
	"00 fiat_25519_carry_mul":             "e1a5275dcb3b631fb46bf111afbf5b466e19ac89e9016814c7895d6684e9313c",
	"01 fiat_25519_carry_square":          "00450daf907a9a0f8c6d9d1d743626ef14191f1bc0a375eb14c8be8717327dde",
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
	"12 fiat_p448_carry_mul":              "9dbb99ce674507c7595522f096725a9d66ef2bc8d291bac5e753073fbf260713",
	"13 fiat_p448_carry_square":           "e70c9b1a75d9b26606bfc97a5bf42756f2c29db7375ea681c394fa4a33c7b321",
	"14 fiat_p521_carry_mul":              "4e0332b3dd93a386236279e1549fcc18f1d395835ac74f09fb1280017c20dd65",
	"15 fiat_p521_carry_square":           "cb0216bed7100b2178f5119377cb555f133f0f525afc81bae965ca06c1f6cfff",
	"16 fiat_poly1305_carry_mul":          "743b977c168419ac155d6ab8ca8fe976605cd934fd1f31c9db43061644cbabbe",
	"17 fiat_poly1305_carry_square":       "b15dde98892fa81ca8163a3f9b2a8e80c21e5c7577eb050f0381665b2f9678e8",
	"18 fiat_secp256k1_dettman_mul":       "e38428d0775e41f564d3b33338060aa107f47226755044ed7f60cfd99825dc35",
	"19 fiat_secp256k1_dettman_square":    "8b463e44511986a9788b7bb88450f815019eeebbc03722db113d2b5ac5fac50a",
	"20 fiat_secp256k1_montgomery_mul":    "ba745bd06a42a62c33d7e3db8bbdc7031731e78ee7a468df3ec7de12334c84ab",
	"21 fiat_secp256k1_montgomery_square": "b4a4ac61a6b146855a97c8c53c1e13b3d44ee64885171d62e7496057ff160a67",
	"22 fiat_sm2_mul":                     "6b1e145c4cab7acad6ad732a61f51d57968ea322a277125ad2714e53cae69cd1",
	"23 fiat_sm2_square":                  "054901d4ac29fda7ef8bcfe04808573058fa85edf557ace9c5683524d1474130",
	"24 rnd":                              "21b88c2016d23c954af29cee7c182609f4fc20c7a53d8350e87da6d6453cd8d1",
	"25 rnd":                              "27a4c9ce774da3f5d71ae25a98de99cfa20ff25ac3fa8fc98828cfe6d5ba7697",
	"26 rnd":                              "497940899e50d0eba2c3b372a25b20844f39390ea74819170da87e8cda6dd434",
	"27 rnd":                              "2dad17312cc79ff8b438c2a9998c0b1021255bd91e87ee4e5b3884cd1994c884",
	"28 rnd":                              "ee00c9f9e72588dbbfd04b3a83c591c9bfabadf3d44754936c374a1e64e0ac61",
	"29 rnd":                              "5fe65d851850aa1394dd610599dc3e875a4e267038dc056ef0d7e2af6105ebf1",
	"30 rnd":                              "a08c92a128ee153cdbb541aefa7b7909a95639c1a5026bd1cb4a388f8e28b8a1",
	"31 rnd":                              "5db2e8dc23f2a161b13680c8c0ccb363b74b19e93bb9f7604c11554f176e170c",
	"32 rnd":                              "62be8d51f5a0e26c5825514bba42afbd539af00c8e467d26412ea8fbdea05385",
	"33 rnd":                              "bda5620c8c76e1fba9b53a8e41fc793a6799f14c9166357c0a22b4e6914617f1",
	"34 rnd":                              "9f50f3fba356c07262a2759ed30acb415fa3dc38d4c4b24f096e8235047a441f",
	"35 rnd":                              "76e71dfa256126fcecdb6de04423056bf9851f16efe63247fb3a2d1739498ee7",
	"36 rnd":                              "0e126d18f3f047dbe4ca6bddafeb93eeb159f48c5ec51107149ebeed3a740f5d",
	"37 rnd":                              "b8e36b72d486f480c8032786d1768b2c79f92e10710641262dcc1f2d5d7b995b",
	"38 rnd":                              "6bdd10b3192210cd333de7ff2be26fe3683ab440bb4c45472a10a664bad28680",
	"39 rnd":                              "6d8204fe03a0f7954f3fe7462b87db1ffc0b86fb59d7760ebf3951d1a7dd7075",
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
