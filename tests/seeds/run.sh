#!/usr/bin/env bash
# Issue 14's seed table: 2-minute searches of the mul/square functions, several seeds each,
# kept in the repository so that the table grows across sessions on the same CPU.
# search and bench are manual (hours of searching; the figures need a quiet machine);
# verify runs in CI.
#
#   tests/seeds/run.sh search [FUNC...]   search every missing (function, seed) pair
#   tests/seeds/run.sh bench  [OUT_DIR]   compile every kept genome of this CPU's tag and
#                                         time them all in one `cryptopt bench --all` run
#   tests/seeds/run.sh verify             compile every kept genome of every tag and check
#                                         it is still the program its search timed (CI)
#   tests/seeds/run.sh cryptopt [OUT_DIR] time CryptOpt's published files of $CORPUS the
#                                         same way (for the functions whose limbs ours
#                                         match; bench's table is then CryptOpt's)
#
# FUNC is <field>_<op> (default: the 24 mul/square functions of the catalogue). Genomes and
# search reports go to tests/seeds/<uarch tag>/<func>.s<seed>.{genome.json,report.txt}: a
# pair that has a genome is never searched again, so an interrupted run resumes. Each
# report ends with the SHA-256 of the program's instruction lines; `bench` refuses a genome
# that this checkout's codegen turns into another program.
# Env: SEEDS (default "1 2 3 4 5"), TIME (default 2m), BASELINE (default fastest),
# CRYPTOPT (default: built from this checkout), FIAT (default ../shared/fiat-json),
# FROM (bench only: another tag's genomes, timed on this CPU, as a cache shared across
# machines would hand them over), WARM (search only: tags whose kept genomes of the same
# function start the first bets, then greedy: a warm start, --start), CORPUS (cryptopt
# only: a copy of CryptOpt's generated/fiat-amd64/<folder>/*.asm; third-party files,
# never committed).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT"
CRYPTOPT=${CRYPTOPT:-}
if [[ -z "$CRYPTOPT" ]]; then
  CRYPTOPT=$(mktemp -d)/cryptopt
  go build -o "$CRYPTOPT" ./tools/cryptopt
fi
# verify runs on any CPU; search and bench need this one's tag.
TAG=
[[ ${1:-} == verify ]] || TAG=$("$CRYPTOPT" uarch)
DIR=tests/seeds/$TAG
SEEDS=${SEEDS:-1 2 3 4 5}
TIME=${TIME:-2m}
BASELINE=${BASELINE:-fastest}
FIAT=${FIAT:-$ROOT/../shared/fiat-json}
ALL="curve25519 curve25519_solinas p224 p256 p384 p434 sm2 secp256k1_montgomery
p448_solinas p448_saturated p521 poly1305 secp256k1_dettman"

# program is the hash of a .S file's instructions (its header comments apart).
program() { grep -v '^#' "$1" | sha256sum | cut -d' ' -f1; }

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//' >&2; exit 2; }

search() {
  local funcs=("$@")
  if ((${#funcs[@]} == 0)); then
    for f in $ALL; do funcs+=("${f}_mul" "${f}_square"); done
  fi
  mkdir -p "$DIR"
  TMP=$(mktemp -d)
  trap 'rm -rf "$TMP"' EXIT # the .S files are only hashed
  for seed in $SEEDS; do
    for fn in "${funcs[@]}"; do
      local field op base
      field=${fn%_*}
      op=${fn##*_}
      base=$DIR/$fn.s$seed
      # The hash line is written last: a pair without it did not finish.
      grep -qs '^program-sha256: ' "$base.report.txt" && [[ -e $base.genome.json ]] && continue
      local start=greedy w g
      for w in ${WARM:-}; do
        for g in tests/seeds/$w/$fn.s*.genome.json; do
          [[ -e $g ]] && start=${start/%greedy/$g,greedy}
        done
      done
      echo "$(date -u +%H:%M:%S) $fn seed $seed from $start (load $(cut -d' ' -f1 /proc/loadavg))" >&2
      # --evals is only a cap: the time limit ends each search. The .S is not kept: the
      # genome reproduces it (compile --genome), the report keeps what the search measured.
      "$CRYPTOPT" optimize --curve "$field" --op "$op" --seed "$seed" --evals 10000000 \
        --time-limit "$TIME" --baseline "$BASELINE" --expect-uarch "$TAG" --start "$start" \
        --genome-out "$base.genome.json" --report "$base.report.txt" -o "$TMP/$fn.S"
      echo "program-sha256: $(program "$TMP/$fn.S")" >>"$base.report.txt"
    done
  done
}

# compile_kept compiles genome $1 to $2 and fails unless it is the program the search timed.
compile_kept() {
  local g=$1 out=$2 b fn want
  b=${g##*/}
  fn=${b%%.s*}
  if ! "$CRYPTOPT" compile --curve "${fn%_*}" --op "${fn##*_}" --genome "$g" -o "$out"; then
    echo "$g: does not compile with this checkout" >&2
    return 1
  fi
  # A genome is a list of decisions codegen interprets: if today's codegen makes another
  # program of it, that program is not the one the search timed.
  want=$(sed -n 's/^program-sha256: //p' "${g%.genome.json}.report.txt")
  if [[ -z "$want" ]]; then
    echo "${g%.genome.json}.report.txt: no program-sha256 line (an unfinished search?)" >&2
    return 1
  fi
  if [[ "$want" != "$(program "$out")" ]]; then
    echo "$g: this checkout compiles it to another program than the search timed (codegen changed): search it again" >&2
    return 1
  fi
}

bench() {
  local out=${1:-$(mktemp -d)}
  mkdir -p "$out"
  local n=0 dir=tests/seeds/${FROM:-$TAG}
  [[ -d $dir ]] || { echo "no genomes kept for tag ${FROM:-$TAG} ($dir)" >&2; exit 2; }
  for g in "$dir"/*.genome.json; do
    local b seed
    b=${g##*/}
    seed=${b#*.s}
    seed=${seed%%.*}
    compile_kept "$g" "$out/${b%%.s*}.s$seed.S" || exit 1
    n=$((n + 1))
  done
  ((n > 0)) || { echo "no genomes in $dir" >&2; exit 1; }
  echo "$n files of $dir compiled into $out, timed on this CPU ($TAG)" >&2
  "$CRYPTOPT" bench --all --dir "$out" --fiat-baselines "$FIAT"
}

# verify compiles every kept genome of every tag (no timing, any CPU): CI's check that a
# codegen change has not silently turned the tables' genomes into other programs.
verify() {
  local tmp n=0 bad=0 g
  tmp=$(mktemp -d)
  for g in tests/seeds/*/*.genome.json; do
    compile_kept "$g" "$tmp/out.S" || bad=$((bad + 1))
    n=$((n + 1))
  done
  rm -rf "$tmp"
  ((n > 0)) || { echo "no genomes kept under tests/seeds" >&2; exit 1; }
  ((bad == 0)) || { echo "$bad of $n kept genomes no longer compile to their searched programs" >&2; exit 1; }
  echo "$n kept genomes compile to the programs their searches timed" >&2
}

# cryptopt times CryptOpt's published NASM as bench does the kept genomes. Only folders
# whose function returns the catalogue function's limbs exactly are taken (bench checks
# every output against the catalogue's IR): curve25519_solinas and p448_solinas return
# other, congruent limbs (docs/fields.md); time those with bench --fiat FILE --func NAME.
cryptopt() {
  local out=${1:-$(mktemp -d)} n=0 folder fn f
  [[ -n ${CORPUS:-} && -d $CORPUS ]] || { echo "CORPUS must name a directory of CryptOpt's fiat-amd64 folders" >&2; exit 2; }
  mkdir -p "$out"
  for folder in "$CORPUS"/fiat_*/; do
    folder=$(basename "$folder")
    fn=${folder#fiat_}
    fn=${fn/_carry_/_}
    case $fn in
    curve25519_solinas_* | p448_solinas_*) echo "skipping $folder: other limbs than the catalogue's" >&2; continue ;;
    esac
    for f in "$CORPUS/$folder"/*.asm; do
      [[ -e $f ]] || continue
      # bench --all names a file's function by its header's first comment lines.
      { echo "; function: $fn"; cat "$f"; } >"$out/$fn.cryptopt-$(basename "$f")"
      n=$((n + 1))
    done
  done
  ((n > 0)) || { echo "no .asm files in $CORPUS/fiat_*/" >&2; exit 1; }
  echo "$n CryptOpt files of $CORPUS in $out, timed on this CPU ($TAG)" >&2
  "$CRYPTOPT" bench --all --dir "$out" --fiat-baselines "$FIAT"
}

case "${1:-}" in
search) shift; search "$@" ;;
bench) shift; bench "$@" ;;
verify) verify ;;
cryptopt) shift; cryptopt "$@" ;;
*) usage ;;
esac
