"""cryptopt_ct_test: runs a cryptopt_field's linked code under valgrind memcheck with its
inputs marked undefined (secret); a branch or address that depends on them fails the test."""

load("@rules_cc//cc:defs.bzl", "cc_binary")
load(":providers.bzl", "CryptoptFieldInfo")
load(":toolchain.bzl", "EXEC_COMPATIBLE_WITH", "TOOLCHAIN_TYPE", "cryptopt_tool")

CT_TEST_DOC = """\
Constant-time evidence for a `cryptopt_field` (the ctgrind / libsecp256k1 method).

A generated C harness calls the field's function, as linked into a `cc_binary`, on
in-bound inputs (edge cases, then seeded random ones) whose every word is marked undefined
with `VALGRIND_MAKE_MEM_UNDEFINED`; the test runs it under valgrind memcheck. A conditional
branch, a memory address or a system call argument computed from an input is reported by
memcheck and fails the test, and so does an output limb the inputs never reached (a
vacuous run). The test FAILS, never passes, when valgrind is not installed where it runs
or `valgrind/memcheck.h` was absent where the harness was compiled.
"""

def _harness_impl(ctx):
    info = ctx.attr.field[CryptoptFieldInfo]
    out = ctx.actions.declare_file(ctx.label.name + ".c")
    args = ctx.actions.args()
    args.add_all(["ct-harness", "--fiat", info.ir, "--func", info.func, "--symbol", info.symbol])
    args.add_all(["--inputs", str(ctx.attr.inputs), "--seed", str(ctx.attr.seed), "-o", out])
    if ctx.attr.aliased:
        args.add("--alias")
    ctx.actions.run(
        executable = cryptopt_tool(ctx),
        arguments = [args],
        inputs = [info.ir],
        outputs = [out],
        mnemonic = "CryptoptCTHarness",
        progress_message = "CryptoptCTHarness %{label}: writing the valgrind harness of " + info.symbol,
    )
    return [DefaultInfo(files = depset([out]))]

_cryptopt_ct_harness = rule(
    implementation = _harness_impl,
    doc = "Writes the C harness of cryptopt_ct_test for one cryptopt_field.",
    attrs = {
        "aliased": attr.bool(doc = "Also call the function with out1 == arg1."),
        "field": attr.label(mandatory = True, providers = [CryptoptFieldInfo], doc = "The cryptopt_field under test."),
        "inputs": attr.int(default = 8, doc = "Inputs per call mode (1..1000)."),
        "seed": attr.int(default = 1, doc = "Seed of the random inputs."),
    },
    toolchains = [TOOLCHAIN_TYPE],
    exec_compatible_with = EXEC_COMPATIBLE_WITH,
)

# Fails (exit 1) rather than passing when valgrind is missing: no evidence is no pass.
_RUNNER = """#!/bin/sh
if ! command -v valgrind >/dev/null 2>&1; then
  echo "cryptopt_ct_test: valgrind not found on PATH ($PATH): constant time NOT checked;" \\
    "install valgrind where tests run (Debian: apt-get install valgrind)" >&2
  exit 1
fi
exec valgrind --tool=memcheck --error-exitcode=99 --leak-check=no --track-origins=yes -q %s
"""

def _run_impl(ctx):
    script = ctx.actions.declare_file(ctx.label.name + ".sh")
    ctx.actions.write(script, _RUNNER % ctx.executable.binary.short_path, is_executable = True)
    runfiles = ctx.runfiles(files = [ctx.executable.binary]).merge(ctx.attr.binary[DefaultInfo].default_runfiles)
    return [DefaultInfo(executable = script, runfiles = runfiles)]

_cryptopt_ct_run_test = rule(
    implementation = _run_impl,
    doc = CT_TEST_DOC,
    attrs = {
        "binary": attr.label(mandatory = True, executable = True, cfg = "target", doc = "The harness binary."),
    },
    test = True,
)

def cryptopt_ct_test(name, field, aliased = False, inputs = 8, seed = 1, **kwargs):
    """Declares <name> (the test), <name>_harness (C source) and <name>_bin (cc_binary).

    Args:
      name: the test name.
      field: a cryptopt_field target.
      aliased: also call with out1 == arg1 (only for a field built with aliasing = "out1-arg1").
      inputs: inputs per call mode (1..1000); each costs well under a millisecond.
      seed: seed of the random inputs.
      **kwargs: common test attributes (tags, size, timeout, ...).
    """
    testonly_tags = kwargs.get("tags", [])
    _cryptopt_ct_harness(
        name = name + "_harness",
        field = field,
        aliased = aliased,
        inputs = inputs,
        seed = seed,
        testonly = True,
        tags = testonly_tags,
        visibility = ["//visibility:private"],
    )
    cc_binary(
        name = name + "_bin",
        srcs = [":" + name + "_harness"],
        deps = [field],
        testonly = True,
        tags = testonly_tags,
        visibility = ["//visibility:private"],
    )
    _cryptopt_ct_run_test(
        name = name,
        binary = ":" + name + "_bin",
        **kwargs
    )
