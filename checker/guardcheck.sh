#!/usr/bin/env bash
# guardcheck: plants one checker bug at a time in a scratch copy of the module (every
# rewrite rule's guard disabled or shifted in turn, plus the three bugs of issue 9) and
# fails unless some test of the checker (or measure, for its bug) then fails. A planted
# bug that every test still passes is a hole in the suite.
#   usage: checker/guardcheck.sh [-k] [NAME...]   (-k keeps the scratch copy; NAMEs select)
set -euo pipefail
cd "$(dirname "$0")/.."
keep=0
if [ "${1:-}" = -k ]; then keep=1; shift; fi

# name @ file @ function (the edit applies inside it) @ old text @ new text @ test stages
mutations=$(cat <<'LIST'
mod-fits@checker/egraph/rules.go@modFits@if fits(g.UB(n.Args[0]), n.K) {@if true {@./checker/egraph;./checker/...
mod-mod@checker/egraph/rules.go@modMod@min(x.K, n.K)@max(x.K, n.K)@./checker/egraph;./checker/...
mod-push-add@checker/egraph/rules.go@modPushAdd@an.Op == OpMod && an.K >= n.K@an.Op == OpMod@./checker/egraph;./checker/...
mod-push-mul@checker/egraph/rules.go@modPushMul@an.Op == OpMod && an.K >= n.K@an.Op == OpMod@./checker/egraph;./checker/...
mod-shr-push@checker/egraph/rules.go@modShrPush@w := x.K + n.K@w := x.K + n.K - 1@./checker/egraph;./checker/...
shr-fits@checker/egraph/rules.go@shrFits@if fits(g.UB(n.Args[0]), n.K) {@if true {@./checker/egraph;./checker/...
shr-bit-carry@checker/egraph/rules.go@shrBitCarry@g.UB(x.Args[0]).Cmp(W(1)) <= 0@true@./checker/egraph;./checker/...
shr-shr@checker/egraph/rules.go@shrShr@x.K+n.K@x.K+n.K-1@./checker/egraph;./checker/...
shr-mod@checker/egraph/rules.go@shrMod@if n.K >= x.K {@if n.K+1 >= x.K {@./checker/egraph;./checker/...
shr-split@checker/egraph/rules.go@shrSplit@if x.Coef[i].Trunc(n.K).IsZero() {@if true {@./checker/egraph;./checker/...
add-recombine@checker/egraph/rules.go@addRecombine@if g.Mod(y, an.K) != g.Find(a) {@if false {@./checker/egraph;./checker/...
add-recombine-coef@checker/egraph/rules.go@addRecombine@bn.K < an.K || n.Coef[j].Cmp(want) < 0@bn.K < an.K@./checker/egraph;./checker/...
add-carry-coef@checker/egraph/rules.go@addCarry@o || o2 || m[hi].Cmp(need) < 0@o || o2@./checker/egraph;./checker/...
add-not@checker/egraph/rules.go@addNot@if cx.Cmp(k) < 0 {@if false {@./checker/egraph;./checker/...
not-not@checker/egraph/rules.go@notNot@x.Op == OpNot && x.K == n.K@x.Op == OpNot@./checker/egraph;./checker/...
and-mask@checker/egraph/rules.go@andMask@Mask(w) == v@true@./checker/egraph;./checker/...
or-idem@checker/egraph/rules.go@orIdem@ok && v.IsZero()@ok@./checker/egraph;./checker/...
xor-self@checker/egraph/rules.go@xorSelf@if n.Args[0] == n.Args[1] {@if true {@./checker/egraph;./checker/...
select-fold@checker/egraph/rules.go@selectFold@if v.IsZero() {@if !v.IsZero() {@./checker/egraph;./checker/...
select-flip@checker/egraph/rules.go@selectFlip@c.Op == OpNot && c.K == 1@c.Op == OpNot@./checker/egraph;./checker/...
zero-flag@checker/egraph/rules.go@zeroOfFlag@c.Op == OpNot && c.K == 1@c.Op == OpNot@./checker/egraph;./checker/...
symexec-count-bits@checker/symexec/asm_bits.go@count@bits.Len64(mask))@bits.Len64(mask)-1)@./checker/...
issue9-shrd-carry@checker/symexec/asm_bits.go@doubleShift@g.Mod(g.Shr(d, k-1), 1)@g.Mod(g.Shr(d, k), 1)@./checker/...
issue9-measure-poison@measure/cgo.go@measure_setup@for (int i = 0; i < nout; i++) out[i] = poison@for (int i = 0; i < 0; i++) out[i] = poison@./measure
LIST
)

# Not listed: addCarry's "bn.K < an.K" is redundant (for K < k the weight 2^(K-k) is
# Pow2's overflow value Max, so the coefficient check refuses the match anyway): removing
# it changes nothing, and no test can fail.

root=$(mktemp -d)
scratch=$root/repo
mkdir "$scratch"
trap '[ "$keep" = 1 ] && echo "scratch copy kept: $scratch" || rm -rf "$root"' EXIT
git ls-files -co --exclude-standard | grep -v '^\.it/' | tar -cf - -T - 2>/dev/null | tar -xf - -C "$scratch"
# The tests look for ../shared/fiat-json next to the module: point the copy at it.
if [ -d ../shared ]; then ln -s "$(cd ../shared && pwd)" "$root/shared"; fi

caught=0 missed=()
while IFS='@' read -r name file fn old new pkgs; do
  if [ $# -gt 0 ] && ! printf '%s\n' "$@" | grep -qx "$name"; then continue; fi
  cp "$file" "$scratch/$file.orig"
  OLD="$old" NEW="$new" FN="$fn" perl -0pi -e '
    my ($o, $n, $f) = ($ENV{OLD}, $ENV{NEW}, $ENV{FN});
    s/((?:func|static[^\n]*?)\s*(?:\([^)]*\)\s*)?\Q$f\E\b.*?)\Q$o\E/$1$n/s or die "no match\n";
  ' "$scratch/$file" || { echo "guardcheck: $name: the text to change is not in $fn of $file"; exit 2; }
  # Stages (;-separated package lists, fastest first): caught when one of them fails.
  result=missed
  IFS=';' read -ra stages <<<"$pkgs"
  for st in "${stages[@]}"; do
    # shellcheck disable=SC2086 # a stage is a list of packages
    if ! (cd "$scratch" && go test -count=1 -short $st >/dev/null 2>&1); then result="caught by $st"; break; fi
  done
  if [ "$result" = missed ]; then
    echo "MISSED  $name: every test passes with it planted"
    missed+=("$name")
  else
    echo "caught  $name ($result)"
    caught=$((caught + 1))
  fi
  mv "$scratch/$file.orig" "$scratch/$file"
done <<<"$mutations"

echo "guardcheck: $caught planted bugs caught, ${#missed[@]} missed"
[ ${#missed[@]} -eq 0 ]
