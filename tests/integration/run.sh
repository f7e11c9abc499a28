#!/usr/bin/env bash
# Integration tests of rules_cryptopt that run Bazel for real, in temporary workspaces that
# use this repository through local_path_override:
#   a) a corrupted .S fails the build through the CryptoptCheck validation action, and a
#      corrupted genome through CryptoptEmit;
#   b) disk cache: build, bazel clean, build → every Cryptopt action comes from the cache;
#   c) remote cache: bazel-remote (127.0.0.1 only) shared by two output bases → the second
#      build reports remote cache hits and runs no CryptoptOptimize;
#   d) a uarch tag other than the host's: CryptoptOptimize refuses with a clear message,
#      a pinned genome still builds (and its output name carries the requested tag);
#   e) cryptopt_ct_test passes on generated code and fails on a planted secret-dependent
#      branch (valgrind memcheck), which the checker also refuses;
#   f) a live search warm-started from a genome file (cryptopt_field's start attribute,
#      cryptopt_go_library's starts) builds, its report names that genome as bet 0's start,
#      and its code is checked.
# Usage: tests/integration/run.sh [a|b|c|d|e|f ...]   (default: all)
# Env: BAZEL, BAZEL_REMOTE (binaries), DISK_CACHE, REMOTE_CACHE_DIR (kept between runs so
# only the first run compiles the Go standard library), KEEP_WS=1 (keep the workspace
# $ROOT/.it/ws after the run; it is emptied by default).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BAZEL=${BAZEL:-$(command -v bazel || echo /opt/bazel-offline/bin/bazel)}
BAZEL_REMOTE=${BAZEL_REMOTE:-$(command -v bazel-remote || echo /opt/bazel-offline/bin/bazel-remote)}
DISK_CACHE=${DISK_CACHE:-/var/cache/bazel-offline/disk}
REMOTE_CACHE_DIR=${REMOTE_CACHE_DIR:-/var/cache/bazel-offline/bazel-remote-it}
# Inside the repository: ignored by git, Bazel and Go.
IT=$ROOT/.it
WS=$IT/ws
SALT=$(date +%s%N | tail -c 10) # new symbols: this run's Cryptopt actions are not cached yet
CASES=${*:-a b c d e f}
pids=()

log() { printf '\n== %s\n' "$*"; }
die() {
  printf 'FAIL: %s\n' "$*" >&2
  exit 1
}
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for ob in "" "$IT/ob1" "$IT/ob2"; do
    [ -d "$WS" ] && (cd "$WS" && "$BAZEL" ${ob:+--output_base="$ob"} shutdown >/dev/null 2>&1) || true
  done
  rm -rf "$IT/ob1" "$IT/ob2" # the remote cache keeps what they built
  # The workspace's generated Starlark (one-line targets) and its copy of the repository
  # would be linted as project files: emptied (not removed, see setup_workspace) unless
  # KEEP_WS=1 keeps it for a look after a failure.
  [ "${KEEP_WS:-}" = 1 ] || find "$WS" -mindepth 1 -maxdepth 1 -exec rm -rf {} + 2>/dev/null || true
}
trap cleanup EXIT

# bz [startup flags --] command args...: runs Bazel in the workspace, output in $IT/last.log.
bz() {
  local startup=()
  if [ "${1:-}" = --startup ]; then
    startup=("$2")
    shift 2
  fi
  (cd "$WS" && "$BAZEL" "${startup[@]}" "$@") >"$IT/last.log" 2>&1
}

# spawns LOG: "mnemonic runner cache-hit(True|False)" per spawn of an execution log (JSON stream).
spawns() {
  python3 - "$1" <<'EOF'
import json, sys
text, dec, i = open(sys.argv[1]).read(), json.JSONDecoder(), 0
while i < len(text):
    while i < len(text) and text[i].isspace():
        i += 1
    if i == len(text):
        break
    obj, i = dec.raw_decode(text, i)
    runner = obj.get("runner", "?")
    # Bazel 7 reports disk cache hits in runner only, remote ones in remoteCacheHit too.
    hit = bool(obj.get("remoteCacheHit")) or "cache hit" in runner
    print(obj.get("mnemonic", "?"), runner.replace(" ", "-"), hit)
EOF
}

setup_workspace() {
  # Empty, not remove: a chroot'ed Bazel (bazel-offline) keeps the workspace bind-mounted.
  mkdir -p "$WS"
  find "$IT" -mindepth 1 -maxdepth 1 ! -name ws -exec rm -rf {} +
  find "$WS" -mindepth 1 -maxdepth 1 -exec rm -rf {} +
  # A snapshot of the repository: every build of this run sees the same sources even while
  # the working tree changes (the cache tests compare action keys across builds).
  # Inside the workspace (and in its .bazelignore): a chroot'ed Bazel sees the workspace.
  mkdir -p "$WS/src"
  tar -C "$ROOT" --exclude=./.git --exclude=./.it --exclude='./bazel-*' -cf - . | tar -C "$WS/src" -xf -
  printf 'src\nbazel-bin\nbazel-out\nbazel-testlogs\nbazel-ws\n' >"$WS/.bazelignore"
  local tag
  tag=$(cd "$WS/src" && go run ./tools/cryptopt uarch)
  OTHER=icelake
  [ "$tag" = icelake ] && OTHER=znver5
  HOST_TAG=$tag
  cp "$ROOT/.bazelversion" "$WS/"
  cat >"$WS/MODULE.bazel" <<EOF
module(name = "cryptopt_it")

bazel_dep(name = "rules_cryptopt")
local_path_override(module_name = "rules_cryptopt", path = "src")

bazel_dep(name = "rules_go", version = "0.57.0")

go_sdk = use_extension("@rules_go//go:extensions.bzl", "go_sdk")
go_sdk.host()
EOF
  cat >"$WS/.bazelrc" <<EOF
common --noenable_workspace
build --verbose_failures
EOF
  cp "$WS/src/examples/genomes/p256_square.genome.json" "$WS/pinned.genome.json"
  cat >"$WS/BUILD.bazel" <<EOF
load("@rules_cryptopt//rules:defs.bzl", "cryptopt_ct_test", "cryptopt_field", "cryptopt_go_library")

cryptopt_field(name = "pinned", curve = "p256", op = "square", genome = "pinned.genome.json", symbol = "it_pinned_$SALT")

cryptopt_field(name = "live", curve = "poly1305", op = "square", evals = 200, time_limit = "5s", seed = 1, symbol = "it_live_$SALT", tags = ["manual"])

cryptopt_field(name = "warm", curve = "p256", op = "square", start = ["pinned.genome.json"], evals = 300, time_limit = "5s", symbol = "it_warm_$SALT", tags = ["manual"])

cryptopt_go_library(name = "gowarm", curve = "p256", ops = ["square"], optimize = True, starts = {"square": ["pinned.genome.json"]}, evals = 300, time_limit = "5s", importpath = "example.com/gowarm$SALT", tags = ["manual"])
cryptopt_field(name = "corrupt_asm", curve = "p256", op = "square", asm = "corrupt.S", symbol = "it_pinned_$SALT", tags = ["manual"])
cryptopt_field(name = "corrupt_bytes", curve = "p256", op = "square", asm = "corrupt_bytes.S", symbol = "it_pinned_$SALT", tags = ["manual"])

cryptopt_field(name = "corrupt_genome", curve = "p256", op = "square", genome = "corrupt.genome.json", tags = ["manual"])

cryptopt_field(name = "leaky", curve = "p256", op = "square", asm = "leaky.S", symbol = "it_leaky_$SALT", tags = ["manual"])

cryptopt_ct_test(name = "pinned_ct", field = ":pinned", tags = ["manual"])

cryptopt_ct_test(name = "leaky_ct", field = ":leaky", tags = ["manual"])
EOF
}

# bin REL: the path of bazel-bin/REL as this shell sees it (bazel-offline's bazel-bin link
# points into its chroot).
bin() {
  local f="$WS/bazel-bin/$1"
  [ -e "$f" ] || f="/opt/bazel-offline/sid$(readlink "$WS/bazel-bin")/$1"
  echo "$f"
}

expect_fail() { # expect_fail WHAT PATTERN: the last Bazel run failed and its output matches
  grep -Eq "$2" "$IT/last.log" || {
    tail -40 "$IT/last.log"
    die "$1: the output does not match /$2/"
  }
}

case_b() {
  log "b) disk cache: build, clean, build → the Cryptopt actions come from the cache"
  bz build --disk_cache="$DISK_CACHE" --execution_log_json_file="$IT/b1.json" //:pinned || {
    tail -40 "$IT/last.log"
    die "b: first build failed"
  }
  spawns "$IT/b1.json" | grep '^Cryptopt' | tee "$IT/b1.txt"
  grep -q '^CryptoptEmit .* False$' "$IT/b1.txt" || die "b: the first build did not run CryptoptEmit"
  bz clean
  bz build --disk_cache="$DISK_CACHE" --execution_log_json_file="$IT/b2.json" //:pinned || die "b: second build failed"
  spawns "$IT/b2.json" | grep '^Cryptopt' | tee "$IT/b2.txt"
  for m in CryptoptIR CryptoptEmit CryptoptCheck; do
    grep -q "^$m .* True$" "$IT/b2.txt" || die "b: $m did not come from the disk cache"
  done
  if grep -q ' False$' "$IT/b2.txt"; then die "b: a Cryptopt action ran again after bazel clean"; fi
  grep -E 'disk cache hit' "$IT/last.log" || true
  echo "b: ok"
}

case_a() {
  log "a) a corrupted .S fails the build (CryptoptCheck, in the worker and standalone), a corrupted genome too (CryptoptEmit)"
  # Case b, run first, has built //:pinned already; here it is only the source of the .S.
  bz build --disk_cache="$DISK_CACHE" //:pinned || die "a: cannot build //:pinned"
  local asm
  asm=$(bin "pinned.$HOST_TAG.S")
  python3 - "$asm" "$WS/corrupt.S" <<'EOF'
import re, sys
src = open(sys.argv[1]).read().split("\n")
# Delete the first store of an output word: the text still assembles, the function is wrong.
for i, line in enumerate(src):
    if re.match(r"\s*mov\s+qword ptr \[[^\]]+\],\s*\w+\s*#\s*(store|out1\[)", line):
        src[i] = "\t# (store deleted by the integration test) " + line.strip()
        break
else:
    sys.exit("no output store to corrupt")
open(sys.argv[2], "w").write("\n".join(src))
EOF
  for strategy in worker sandboxed; do
    if bz build --disk_cache="$DISK_CACHE" --strategy=CryptoptCheck=$strategy \
      --execution_log_json_file="$IT/a_$strategy.json" //:corrupt_asm; then
      die "a: a corrupted .S built (CryptoptCheck=$strategy)"
    fi
    expect_fail "a (.S, $strategy)" 'CryptoptCheck'
    grep -E '^cryptopt check' "$IT/last.log" | head -3 || true
    # The checks run in cryptopt's persistent worker by default: it must be the one that
    # refused here (a failed check is never cached, so it ran in this build).
    if [ "$strategy" = worker ] && ! spawns "$IT/a_worker.json" | grep -Eq '^CryptoptCheck (multiplex-)?worker '; then
      spawns "$IT/a_worker.json"
      die "a: the refusing CryptoptCheck did not run in a worker"
    fi
  done
  # Every instruction intact, but alignment fill of ret bytes in the middle: only a check of
  # the object the toolchain assembled sees it.
  python3 - "$asm" "$WS/corrupt_bytes.S" <<'EOF'
import re, sys
src = open(sys.argv[1]).read().split("\n")
for i, line in enumerate(src):
    if re.match(r"\s*mov\s+qword ptr \[[^\]]+\],\s*\w+\s*#\s*(store|out1\[)", line):
        src.insert(i, "\t.p2align 6, 0xc3")
        break
else:
    sys.exit("no output store found")
open(sys.argv[2], "w").write("\n".join(src))
EOF
  for strategy in worker sandboxed; do
    if bz build --disk_cache="$DISK_CACHE" --strategy=CryptoptCheck=$strategy //:corrupt_bytes; then
      die "a: a .S with ret fill bytes built (CryptoptCheck=$strategy)"
    fi
    expect_fail "a (ret fill, $strategy)" 'CryptoptCheck'
  done
  python3 - "$WS/pinned.genome.json" "$WS/corrupt.genome.json" <<'EOF'
import json, sys
g = json.load(open(sys.argv[1]))
g["order"] = list(reversed(g["order"]))  # no longer a topological order
json.dump(g, open(sys.argv[2], "w"))
EOF
  if bz build --disk_cache="$DISK_CACHE" //:corrupt_genome; then die "a: a corrupted genome built"; fi
  expect_fail "a (genome)" 'CryptoptEmit'
  grep -E '^cryptopt emit' "$IT/last.log" | head -3 || true
  echo "a: ok"
}

case_d() {
  log "d) --@rules_cryptopt//rules:uarch=$OTHER on a $HOST_TAG host"
  if bz build --disk_cache="$DISK_CACHE" --@rules_cryptopt//rules:uarch="$OTHER" //:live; then
    die "d: CryptoptOptimize ran for $OTHER on a $HOST_TAG machine"
  fi
  expect_fail d "CryptoptOptimize"
  expect_fail d "$OTHER"
  grep -E "$OTHER" "$IT/last.log" | grep -v '^INFO' | head -3
  bz build --disk_cache="$DISK_CACHE" --@rules_cryptopt//rules:uarch="$OTHER" //:pinned || die "d: the pinned genome did not build for $OTHER"
  [ -f "$(bin "pinned.$OTHER.S")" ] || die "d: no pinned.$OTHER.S"
  echo "d: ok (refused to time for $OTHER; pinned genome emitted pinned.$OTHER.S)"
}

case_c() {
  log "c) remote cache shared by two output bases"
  mkdir -p "$REMOTE_CACHE_DIR" 2>/dev/null || REMOTE_CACHE_DIR=$IT/remote
  local port hport
  read -r port hport < <(python3 -c 'import socket
s=[socket.socket() for _ in range(2)]
[x.bind(("127.0.0.1", 0)) for x in s]
print(*[x.getsockname()[1] for x in s])')
  "$BAZEL_REMOTE" --dir "$REMOTE_CACHE_DIR" --max_size 3 --grpc_address "127.0.0.1:$port" \
    --http_address "127.0.0.1:$hport" >"$IT/bazel-remote.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 50); do (echo >"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break || sleep 0.2; done
  local remote=(--remote_cache="grpc://127.0.0.1:$port" --remote_upload_local_results)
  local t0=$SECONDS
  bz --startup --output_base="$IT/ob1" build "${remote[@]}" --execution_log_json_file="$IT/c1.json" //:live || {
    tail -40 "$IT/last.log"
    die "c: first build failed"
  }
  spawns "$IT/c1.json" | grep '^Cryptopt' | tee "$IT/c1.txt"
  grep -q '^CryptoptOptimize .* False$' "$IT/c1.txt" || die "c: the first build did not run CryptoptOptimize"
  cp "$(bin "live.$HOST_TAG.S")" "$IT/live1.S"
  (cd "$WS" && "$BAZEL" --output_base="$IT/ob1" shutdown) >/dev/null 2>&1
  local t1=$SECONDS
  bz --startup --output_base="$IT/ob2" build "${remote[@]}" --execution_log_json_file="$IT/c2.json" //:live || die "c: second build failed"
  local t2=$SECONDS
  spawns "$IT/c2.json" | grep '^Cryptopt' | tee "$IT/c2.txt"
  grep -q '^CryptoptOptimize .* True$' "$IT/c2.txt" || die "c: CryptoptOptimize was not a remote cache hit"
  if grep -q '^CryptoptOptimize .* False$' "$IT/c2.txt"; then die "c: the second output base ran CryptoptOptimize"; fi
  grep -E 'remote cache hit' "$IT/last.log" || die "c: Bazel reports no remote cache hit"
  cmp "$IT/live1.S" "$(bin "live.$HOST_TAG.S")" || die "c: the second build's .S differs from the first's"
  (cd "$WS" && "$BAZEL" --output_base="$IT/ob2" shutdown) >/dev/null 2>&1
  echo "c: ok (first output base $((t1 - t0))s including the search, second $((t2 - t1))s; identical .S from the cache)"
}

case_e() {
  log "e) cryptopt_ct_test passes on generated code and catches a planted secret-dependent branch"
  bz test --disk_cache="$DISK_CACHE" --test_output=errors //:pinned_ct || {
    tail -40 "$IT/last.log"
    die "e: the ct test of the pinned field failed"
  }
  bz build --disk_cache="$DISK_CACHE" //:pinned || die "e: cannot build //:pinned"
  # The same code, plus a branch on arg1[0] whose two paths meet again: the outputs stay
  # right, only the timing depends on the secret.
  python3 - "$(bin "pinned.$HOST_TAG.S")" "$WS/leaky.S" "it_pinned_$SALT" "it_leaky_$SALT" <<'EOF'
import sys
src = open(sys.argv[1]).read().replace(sys.argv[3], sys.argv[4]).split("\n")
i = src.index(sys.argv[4] + ":")
src[i + 1:i + 1] = ["\tmov rax, qword ptr [rsi]", "\ttest rax, rax", "\tjz 1f", "1:"]
open(sys.argv[2], "w").write("\n".join(src))
EOF
  # The checker refuses the branch, so the build fails; without validations the ct test runs
  # and must fail on its own.
  if bz build --disk_cache="$DISK_CACHE" //:leaky; then die "e: a .S with a branch built"; fi
  expect_fail "e (checker)" 'CryptoptCheck'
  if bz test --disk_cache="$DISK_CACHE" --norun_validations --test_output=errors //:leaky_ct; then
    die "e: the ct test passed on a secret-dependent branch"
  fi
  expect_fail "e (valgrind)" 'Conditional jump or move depends on uninitialised value'
  echo "e: ok (clean field passes; planted branch reported by memcheck)"
}

case_f() {
  log "f) a live search warm-started from a genome file (start = [...]) builds and is checked"
  bz build --disk_cache="$DISK_CACHE" //:pinned || die "f: cannot build //:pinned"
  local want
  want=$(sed -n 's/^# genome-hash: \(.\{12\}\).*/\1/p' "$(bin "pinned.$HOST_TAG.S")")
  [ -n "$want" ] || die "f: no genome-hash in the pinned .S header"
  bz build --disk_cache="$DISK_CACHE" --output_groups=+report //:warm || {
    tail -40 "$IT/last.log"
    die "f: the warm-started build failed"
  }
  grep -q "^start: genomes $want [0-9a-f]\{12\} (bets 0 to 1)" "$(bin "warm.$HOST_TAG.report.txt")" || {
    cat "$(bin "warm.$HOST_TAG.report.txt")"
    die "f: the report does not name the pinned genome ($want) as bet 0's start"
  }
  bz build --disk_cache="$DISK_CACHE" --output_groups=+report //:gowarm_srcs || {
    tail -40 "$IT/last.log"
    die "f: the warm-started Go library build failed"
  }
  grep -q "^start: genomes $want [0-9a-f]\{12\} (bets 0 to 1)" "$(bin "gowarm_srcs.${HOST_TAG}_search/square.report.txt")" || {
    cat "$(bin "gowarm_srcs.${HOST_TAG}_search/square.report.txt")"
    die "f: the Go search's report does not name the pinned genome ($want) as bet 0's start"
  }
  echo "f: ok (bet 0 started from genome $want, greedy next, in the .S and the Go search; CryptoptCheck passed)"
}

for c in $CASES; do
  case $c in a | b | c | d | e | f) ;; *) die "unknown case $c (want a, b, c, d, e or f)" ;; esac
done
setup_workspace
# b first: it makes the pinned .S that a corrupts.
for c in b a e d f c; do
  case " $CASES " in *" $c "*) "case_$c" ;; esac
done
(cd "$WS" && "$BAZEL" shutdown) >/dev/null 2>&1 || true
log "integration tests passed: $CASES"
