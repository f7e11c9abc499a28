#!/usr/bin/env python3
"""The CPU time (user + sys) of the examples' CryptoptCheck actions, outside Bazel.

Runs the command lines of `bazel aquery 'mnemonic("CryptoptCheck", //examples/...)'` in
one `cryptopt --persistent_worker` process (as a build does by default), or as one
process each (--standalone), from the execution root, and prints the CPU they took: a
figure far less sensitive to other load on the machine than the build's wall time.
Manual, not part of CI. The objects the checks read must exist: first
`bazel build --config=ci //examples/... --norun_validations`.

Usage, from the repository root:
  tests/checktime/cpu.py [--cryptopt BIN] [--rounds N] [--standalone] [--dump FILE] [--lines FILE]
BIN defaults to the cryptopt Bazel built (bazel-bin/tools/cryptopt/...); give another
binary to compare two versions side by side on the same command lines. --dump writes the
command lines, one a line, for `go test ./tools/cryptopt -run TestChecktimeOneProcess`
(CRYPTOPT_CHECKTIME=FILE; run it from the execution root, with -cpuprofile for a profile).
The stamps go to a temporary directory, never into bazel-out.

With the offline Bazel (/opt/bazel-offline, a chroot), the execution root exists only
inside the chroot: dump the command lines, then run them there from the execution root:
  tests/checktime/cpu.py --dump .it/lines.txt
  chroot /opt/bazel-offline/sid bash -c "cd $(bazel info --config=ci execution_root) &&
    python3 $PWD/tests/checktime/cpu.py --lines $PWD/.it/lines.txt --cryptopt BIN"
"""
import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile

BAZEL = os.environ.get("BAZEL", "bazel")


def bazel(*args):
    return subprocess.run([BAZEL, *args], check=True, capture_output=True, text=True).stdout


def command_lines():
    """The checks' arguments (subcommand first), params files expanded."""
    out = bazel("aquery", "--config=ci", "--include_param_files", "--output=jsonproto",
                'mnemonic("CryptoptCheck", //examples/...)')
    lines = []
    for action in json.loads(out).get("actions", []):
        args = action["arguments"][1:]
        params = {p["execPath"]: p["arguments"] for p in action.get("paramFiles", [])}
        if len(args) == 1 and args[0].startswith("@") and args[0][1:] in params:
            args = params[args[0][1:]]
        lines.append(args)
    if not lines:
        sys.exit("no CryptoptCheck action: run from the repository root")
    return lines


def restamp(lines, tmp):
    """The same arguments with each --stamp in tmp, and each --stamps (check-go --ops: a
    directory of <op>.check.json) a new directory in tmp."""
    out = []
    for n, args in enumerate(lines):
        args = list(args)
        if "--stamps" in args:
            i = args.index("--stamps")
            args[i + 1] = os.path.join(tmp, f"{n}.stamps")
            os.makedirs(args[i + 1], exist_ok=True)
        else:
            i = args.index("--stamp")
            args[i + 1] = os.path.join(tmp, f"{n}.check.json")
        out.append(args)
    return out


def worker_cpu(binary, lines, cwd):
    """One worker answers every request in turn: its user + sys, and the failures."""
    reqs = "".join(json.dumps({"arguments": a, "requestId": 0}) + "\n" for a in lines)
    p = subprocess.Popen([binary, "--persistent_worker"], cwd=cwd, stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    out, _ = p.communicate(reqs)
    failed = [r for r in map(json.loads, out.splitlines()) if r.get("exitCode", 0) != 0]
    if len(out.splitlines()) != len(lines):
        failed.append({"output": f"{len(out.splitlines())} responses to {len(lines)} requests"})
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru, failed


def standalone_cpu(binary, lines, cwd):
    failed = []
    for a in lines:
        r = subprocess.run([binary, *a], cwd=cwd, capture_output=True, text=True)
        if r.returncode != 0:
            failed.append({"output": r.stderr})
    return resource.getrusage(resource.RUSAGE_CHILDREN), failed


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cryptopt", help="the cryptopt binary (default: Bazel's)")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--standalone", action="store_true", help="one process per check")
    ap.add_argument("--dump", help="write the command lines to this file and stop")
    ap.add_argument("--lines", help="run this file's command lines (one a line) from the "
                    "current directory instead of the examples' (no Bazel needed with --cryptopt)")
    ap.add_argument("--stamps", help="keep the stamps in this directory (e.g. to compare two binaries')")
    o = ap.parse_args()
    if o.lines:
        lines, root = [l.split() for l in open(o.lines) if l.strip()], os.getcwd()
    else:
        lines = command_lines()
        root = bazel("info", "--config=ci", "execution_root").strip()
    if o.dump:
        stamps = os.path.join(tempfile.gettempdir(), "checktime-stamps")
        os.makedirs(stamps, exist_ok=True)
        with open(o.dump, "w") as f:
            f.writelines(" ".join(a) + "\n" for a in restamp(lines, stamps))
        return
    binary = os.path.abspath(o.cryptopt) if o.cryptopt else os.path.join(
        bazel("info", "--config=ci", "bazel-bin").strip(), "tools/cryptopt/cryptopt_/cryptopt")
    run = standalone_cpu if o.standalone else worker_cpu
    for _ in range(o.rounds):
        with tempfile.TemporaryDirectory() as tmp:
            if o.stamps:
                os.makedirs(o.stamps, exist_ok=True)
                tmp = o.stamps
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            ru, failed = run(binary, restamp(lines, tmp), root)
            cpu = (ru.ru_utime - before.ru_utime) + (ru.ru_stime - before.ru_stime)
            print(f"{len(lines)} checks, {'standalone' if o.standalone else 'one worker'}: "
                  f"CPU {cpu:.2f} s (user {ru.ru_utime - before.ru_utime:.2f}, "
                  f"sys {ru.ru_stime - before.ru_stime:.2f}); load {os.getloadavg()[0]:.1f}"
                  + (f"; {len(failed)} FAILED: {failed[0].get('output', '')[:300]}" if failed else ""))


if __name__ == "__main__":
    main()
