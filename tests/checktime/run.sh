#!/usr/bin/env bash
# What the CryptoptCheck validation actions add to `bazel build //examples/...` (issue 9's
# target: at most 2 s). Manual, not part of CI: the figure needs a quiet machine.
#   0. bazel clean (the output base's action cache would answer the checks);
#   1. build everything but the validations (the rest comes from the disk cache);
#   2. build again with the checks uncacheable and a profile, so only the checks run.
#      Both builds pass the same --modify_execution_info: changing it discards Bazel's
#      analysis cache, and the second build then re-analysed all 167 targets (11,716
#      configured) while the checks ran, Starlark competing with them inside the window;
#      in a real build that analysis happens whether or not there are checks;
#   3. from the profile: the window from the first check's start to the last one's end,
#      the checks' summed and longest action time, and how many ran.
# Usage, from the repository root: tests/checktime/run.sh [OUT_DIR] [extra bazel flags...]
# OUT_DIR (default .it/checktime, ignored by git, Bazel and Go) must be inside the
# repository: an offline Bazel runs in a chroot that sees the workspace, not the host's /tmp.
# Env: BAZEL (default: bazel on PATH, else /opt/bazel-offline/bin/bazel).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BAZEL=${BAZEL:-$(command -v bazel || echo /opt/bazel-offline/bin/bazel)}
OUT=$(mkdir -p "${1:-$ROOT/.it/checktime}" && cd "${1:-$ROOT/.it/checktime}" && pwd)
shift || true
cd "$ROOT"
"$BAZEL" clean >/dev/null 2>&1
NOCACHE=--modify_execution_info=CryptoptCheck=+no-cache
"$BAZEL" build --config=ci //examples/... --norun_validations "$NOCACHE" "$@" >"$OUT/build1.log" 2>&1 ||
  { tail -5 "$OUT/build1.log"; exit 1; }
"$BAZEL" build --config=ci //examples/... "$NOCACHE" \
  --profile="$OUT/profile.json.gz" "$@" >"$OUT/build2.log" 2>&1 ||
  { tail -5 "$OUT/build2.log"; exit 1; }
python3 - "$OUT/profile.json.gz" <<'PY'
import gzip, json, sys
ev = json.load(gzip.open(sys.argv[1]))
ev = ev["traceEvents"] if isinstance(ev, dict) else ev
# An action's span: category "action processing", its mnemonic in args (Bazel 7).
checks = [e for e in ev if e.get("ph") == "X" and e.get("cat") == "action processing"
          and e.get("args", {}).get("mnemonic") == "CryptoptCheck"]
if any(e.get("cat") == "Starlark user function call" for e in ev):
    print("note: this build ran the rules' analysis (Starlark) too: not the checks alone")
if not checks:
    sys.exit("no CryptoptCheck action in the profile: were they cached after all?")
start = min(e["ts"] for e in checks)
end = max(e["ts"] + e["dur"] for e in checks)
durs = sorted(e["dur"] / 1e6 for e in checks)
print(f"CryptoptCheck actions: {len(checks)}; window {(end - start) / 1e6:.2f} s; "
      f"summed {sum(durs):.2f} s; median {durs[len(durs) // 2]:.3f} s; longest {durs[-1]:.2f} s")
PY
