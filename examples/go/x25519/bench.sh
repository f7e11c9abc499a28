#!/usr/bin/env bash
# Times X25519 (whole operation) and the field mul/square it uses: ours (generated
# 4x64 field code, assembly and -tags purego), crypto/ecdh, circl. -count N runs the
# implementations interleaved; the median ns/op of the N runs is printed per benchmark.
# Usage (from the repository root): examples/go/x25519/bench.sh [COUNT]
set -euo pipefail
count="${1:-15}"
cd examples/go/x25519/bench
grep -m1 'model name' /proc/cpuinfo
uptime
median() { # reads "name ns" lines, prints "name median_ns"
  sort -k1,1 -k2,2n | awk '{v[$1]=v[$1]" "$2; n[$1]++} END {for (k in v) {split(substr(v[k],2),a," "); m=int((n[k]+1)/2); printf "%-40s %10.0f ns/op  (n=%d)\n", k, a[m], n[k]}}' | sort
}
go test -run '^$' -bench . -count "$count" . | awk '/^Benchmark/ {print $1, $3}' | median
echo "-- ours with -tags purego (pure-Go fallback of the same generated package; separate run)"
go test -tags purego -run '^$' -bench 'X25519/ours|Field(Mul|Square)/ours' -count "$count" . |
  awk '/^Benchmark/ {print $1"/purego", $3}' | median
