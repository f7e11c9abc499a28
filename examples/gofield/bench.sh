#!/usr/bin/env bash
# Benchmarks for docs/benchmarks.md (Go testing.B, side by side in one run), from the repository
# root: (1) the curve25519 and p448 packages of examples/gofield against circl and
# filippo.io/edwards25519 (module examples/gofield/bench); (2) every catalogue field's
# assembly against its own pure-Go fallback, generated into a temporary module with
# codegen's greedy genomes. Usage: examples/gofield/bench.sh [COUNT] [BENCHTIME]
set -euo pipefail
count="${1:-5}" benchtime="${2:-300ms}"
grep -m1 'model name' /proc/cpuinfo
(cd examples/gofield/bench && go test -run '^$' -bench . -count "$count" -benchtime "$benchtime" .)
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/cryptopt" ./tools/cryptopt
mkdir -p "$tmp/mod"
printf 'module fields\n\ngo 1.26\n' >"$tmp/mod/go.mod"
"$tmp/cryptopt" fields | awk 'NR > 1 {print $1, $4}' | while read -r f ops; do
  "$tmp/cryptopt" gopkg --curve "$f" --ops "$ops" --package "$f" -o "$tmp/mod/$f"
done
(cd "$tmp/mod" && go test -run '^$' -bench . -count "$count" -benchtime "$benchtime" ./...)
