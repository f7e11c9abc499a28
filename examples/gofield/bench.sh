#!/usr/bin/env bash
# Benchmarks for docs/benchmarks.md, interleaved medians (each timed function alternates with
# the ones it is compared to in short batches), from the repository root:
# (1) the curve25519 and p448 packages of examples/gofield against circl and
# filippo.io/edwards25519 (module examples/gofield/bench, BenchmarkCurve25519Median and
# BenchmarkP448Median); (2) every catalogue field's assembly against its own pure-Go
# fallback (each package's generated BenchmarkAsmVsGeneric), generated into a temporary
# module with codegen's greedy genomes. Usage: examples/gofield/bench.sh
set -euo pipefail
grep -m1 'model name' /proc/cpuinfo
(cd examples/gofield/bench && go test -count 1 -run '^$' -bench Median -benchtime 1x .)
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/cryptopt" ./tools/cryptopt
"$tmp/cryptopt" uarch
mkdir -p "$tmp/mod"
printf 'module fields\n\ngo 1.26\n' >"$tmp/mod/go.mod"
# The field ops gopkg times against their pure Go (the catalogue lists more: conversions, composites).
"$tmp/cryptopt" fields | awk 'NR > 1 {print $1, $4}' | while read -r f ops; do
  ops="$(tr , '\n' <<<"$ops" | grep -xE 'mul|square|add|sub|opp|carry' | paste -sd,)"
  "$tmp/cryptopt" gopkg --curve "$f" --ops "$ops" --package "$f" -o "$tmp/mod/$f"
done
(cd "$tmp/mod" && go test -count 1 -run '^$' -bench AsmVsGeneric -benchtime 1x ./...)
