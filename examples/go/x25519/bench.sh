#!/usr/bin/env bash
# Times X25519 (whole operation) and the field operations it uses: ours (generated 4x64
# field code: the assembly, and the pure-Go fallback built with -tags purego), crypto/ecdh
# and circl. The two test binaries (assembly, purego) are run alternately COUNT times, each
# run timing every implementation once, so all figures are interleaved; the median (min,
# max) ns/op over the COUNT runs is printed per benchmark.
# Usage (from the repository root): examples/go/x25519/bench.sh [COUNT] [BENCHTIME]
set -euo pipefail
count="${1:-11}"
benchtime="${2:-500ms}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
cd examples/go/x25519/bench
go test -c -o "$tmp/asm.test" .
go test -c -tags purego -o "$tmp/purego.test" .
grep -m1 'model name' /proc/cpuinfo
uptime
for _ in $(seq "$count"); do
  "$tmp/asm.test" -test.run '^$' -test.bench . -test.benchtime "$benchtime" | awk '/^Benchmark/ {print $1, $3}'
  "$tmp/purego.test" -test.run '^$' -test.bench '/ours' -test.benchtime "$benchtime" |
    awk '/^Benchmark/ {sub("ours_4x64", "ours_4x64_purego", $1); print $1, $3}'
done >"$tmp/raw"
uptime
sort -k1,1 -k2,2n "$tmp/raw" | awk '{v[$1] = v[$1] " " $2; n[$1]++}
  END {for (k in v) {split(substr(v[k], 2), a, " "); m = int((n[k] + 1) / 2)
    printf "%-44s %10.1f ns/op  (min %.1f, max %.1f, n=%d)\n", k, a[m], a[1], a[n[k]], n[k]}}' | sort
