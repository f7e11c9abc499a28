#!/usr/bin/env bash
# Regenerates the checked-in Go packages of examples/gofield into DIR (default: here).
# CI runs it into a temporary directory and diffs the result with the checked-in files.
# Usage (from the repository root): examples/gofield/generate.sh [DIR]
set -euo pipefail
out="${1:-examples/gofield}"
bin="$(mktemp -d)/cryptopt"
trap 'rm -rf "$(dirname "$bin")"' EXIT
go build -o "$bin" ./tools/cryptopt
g=examples/gofield/genomes # mul and square pinned to genomes found by 'optimize --syntax go'
gen() { # field package ops [gopkg flags]
  rm -rf "${out:?}/$2.tmp" && "$bin" gopkg --curve "$1" --ops "$3" --package "$2" "${@:4}" -o "$out/$2.tmp"
  mkdir -p "$out/$2"
  find "$out/$2" -maxdepth 1 -type f ! -name BUILD.bazel -delete
  mv "$out/$2.tmp"/* "$out/$2/" && rmdir "$out/$2.tmp"
}
gen p256 p256 mul,square,add,sub,opp,jacdbl,jacadd,jacmadd --genome jacdbl=$g/p256_jacdbl.json \
  --genome jacadd=$g/p256_jacadd.json --genome jacmadd=$g/p256_jacmadd.json
gen secp256k1_montgomery secp256k1_montgomery mul,square,add,sub,opp,jacdbl,jacmadd \
  --genome jacdbl=$g/secp256k1_montgomery_jacdbl.json --genome jacmadd=$g/secp256k1_montgomery_jacmadd.json
gen curve25519 curve25519 mul,square,add,sub,opp,carry --genome mul=$g/curve25519_mul.json --genome square=$g/curve25519_square.json
gen curve25519_solinas curve25519_solinas mul,square,add,sub,opp,ladderstep \
  --genome mul=$g/curve25519_solinas_mul.json --genome square=$g/curve25519_solinas_square.json \
  --genome ladderstep=$g/curve25519_solinas_ladderstep.json
gen p448_solinas p448_solinas mul,square,add,sub,opp,carry \
  --genome mul=$g/p448_solinas_mul.json --genome square=$g/p448_solinas_square.json
gen p448_saturated p448_saturated mul,square,add,sub,opp \
  --genome mul=$g/p448_saturated_mul.json --genome square=$g/p448_saturated_square.json
