#!/usr/bin/env bash
# Builds and runs p448side.c (docs/benchmarks.md, p448_solinas by golden-ratio Karatsuba):
# usage, from the repository root:
#   tools/whyslow/testdata/p448side/p448side.sh OP OLD_BIN NEW_BIN DIR
# OP is mul or square; OLD_BIN and NEW_BIN are cryptopt binaries of the two IRs; DIR holds
# the genomes {old,new}_OP_s{1,2,3}.json their optimize --genome-out wrote. The build goes
# to DIR/side (objects, the harness); every output is checked mod p before timing.
# Searched code against Fiat's C alone is `cryptopt bench --fiat-baselines DIR` now
# (docs/cli.md); this script stays for timing the code of two IRs (two binaries) together.
set -euo pipefail
op=$1 old=$2 new=$3 dir=$4
src=$(cd "$(dirname "$0")" && pwd)
fiat=$(cd "$src/../../../.." && pwd)/../shared/fiat-json/p448_solinas_64.json
out=$dir/side && mkdir -p "$out" && cd "$out"
objs=() && : >decls.h && : >table.h
add() { echo "DECL($1)" >>decls.h && echo "  {\"$2\", $1}," >>table.h; }
for cc in gcc clang-19; do
  c=${cc%-19}
  "$new" emit-c --fiat "$fiat" --func "fiat_p448_carry_$op" --symbol "fiat_$c" -o "fiat_$c.c"
  "$old" emit-c --curve p448_solinas --op "$op" --symbol "oldc_$c" -o "oldc_$c.c"
  "$new" emit-c --curve p448_solinas --op "$op" --symbol "newc_$c" -o "newc_$c.c"
  for v in fiat oldc newc; do
    "$cc" -O3 -march=native -c "${v}_$c.c" -o "${v}_$c.o" && objs+=("${v}_$c.o")
  done
  add "fiat_$c" "Fiat C, $cc" && add "oldc_$c" "old IR C, $cc" && add "newc_$c" "new IR C, $cc"
done
for b in old new; do
  bin=$old && [ $b = new ] && bin=$new
  for s in 1 2 3; do
    "$bin" emit --curve p448_solinas --op "$op" --genome "$dir/${b}_${op}_s$s.json" --symbol "${b}_s$s" -o "${b}_s$s.S"
    gcc -c "${b}_s$s.S" -o "${b}_s$s.o" && objs+=("${b}_s$s.o") && add "${b}_s$s" "ours, $b IR, seed $s"
  done
done
gcc -O2 -I. -o p448side "$src/p448side.c" "${objs[@]}"
./p448side check | python3 -c '
import sys
p, op = 2**448 - 2**224 - 1, sys.argv[1]
rows = {l.rsplit(None, 8)[0]: [int(x) for x in l.rsplit(None, 8)[1:]] for l in sys.stdin}
val = lambda l: sum(x << (56 * i) for i, x in enumerate(l))
a, b = val(rows.pop("a")), val(rows.pop("b"))
want = a * (a if op == "square" else b) % p
bad = [n for n, l in rows.items() if not n.startswith("(empty") and (val(l) % p != want or max(l) > 2**56)]
sys.exit("wrong output: " + ", ".join(bad) if bad else 0)
' "$op"
./p448side
