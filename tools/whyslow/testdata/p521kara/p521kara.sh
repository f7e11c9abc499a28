#!/usr/bin/env bash
# Times p521 carry_mul by Karatsuba (kara.c) against Fiat's schoolbook C, each built by gcc
# and clang-19 -O3 -march=native, interleaved in one process (docs/why-slow.md). Every
# output is checked mod p and against the tight bounds first. From the repository root:
#   tools/whyslow/testdata/p521kara/p521kara.sh CRYPTOPT_BINARY DIR
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 CRYPTOPT_BINARY DIR" >&2; exit 2; }
bin=$1 dir=$2
src=$(cd "$(dirname "$0")" && pwd)
fiat=$(cd "$src/../../../.." && pwd)/../shared/fiat-json/p521_64.json
mkdir -p "$dir" && cd "$dir"
for cc in gcc clang-19; do
  c=${cc%-19}
  "$bin" emit-c --fiat "$fiat" --func fiat_p521_carry_mul --symbol "sb_$c" -o "sb_$c.c"
  sed "s/kara_mul/kara_$c/" "$src/kara.c" >"kara_$c.c"
  "$cc" -O3 -march=native -c "sb_$c.c" && "$cc" -O3 -march=native -c "kara_$c.c"
done
gcc -O2 -o p521kara "$src/p521kara.c" sb_gcc.o sb_clang.o kara_gcc.o kara_clang.o
./p521kara check | python3 -c '
import sys
p = 2**521 - 1
val = lambda l: sum(x << (58 * i) for i, x in enumerate(l))
tight = [2**58] * 8 + [2**57]
ins, n = [], 0
for line in sys.stdin:
    name, limbs = line.rsplit(None, 9)[0], [int(x) for x in line.rsplit(None, 9)[1:]]
    if name == "in":
        ins = (ins + [val(limbs)])[-2:]
        continue
    if val(limbs) % p != ins[0] * ins[1] % p or any(x > t for x, t in zip(limbs, tight)):
        sys.exit("wrong output from " + name)
    n += 1
print(n, "outputs checked mod p and against the tight bounds")'
for k in gcc clang-19; do
  c=${k%-19}
  printf '%s: mul/imul/mulx %s, add/adc %s, sub/sbb %s in the schoolbook; %s, %s, %s in Karatsuba\n' "$k" \
    "$(objdump -d "sb_$c.o" | grep -cP '\t(mul|imul|mulx)\s')" "$(objdump -d "sb_$c.o" | grep -cP '\t(add|adc)\s')" \
    "$(objdump -d "sb_$c.o" | grep -cP '\t(sub|sbb)\s')" "$(objdump -d "kara_$c.o" | grep -cP '\t(mul|imul|mulx)\s')" \
    "$(objdump -d "kara_$c.o" | grep -cP '\t(add|adc)\s')" "$(objdump -d "kara_$c.o" | grep -cP '\t(sub|sbb)\s')"
done
taskset -c 1 ./p521kara
