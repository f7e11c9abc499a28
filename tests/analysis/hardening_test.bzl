"""Analysis tests of the hardening attributes (wipe_spills, objective, max_bytes) and of
cryptopt_ct_test."""

load("@bazel_skylib//lib:unittest.bzl", "analysistest", "asserts")
load("//rules:defs.bzl", "cryptopt_ct_test", "cryptopt_field")
load(":util.bzl", "action", "flag")

_UARCH = str(Label("//rules:uarch"))

def _wipe_emit_test_impl(ctx):
    env = analysistest.begin(ctx)
    emit = action(env, "CryptoptEmit")
    asserts.true(env, "--wipe-spills" in emit.argv, "emit lacks --wipe-spills: %s" % emit.argv)
    check = action(env, "CryptoptCheck")
    asserts.true(env, "--wipe-spills" in check.argv, "check lacks --wipe-spills: %s" % check.argv)
    return analysistest.end(env)

wipe_emit_test = analysistest.make(_wipe_emit_test_impl)

def _size_search_test_impl(ctx):
    env = analysistest.begin(ctx)
    opt = action(env, "CryptoptOptimize")
    asserts.equals(env, "cycles", flag(opt.argv, "--objective"))
    asserts.equals(env, "1500", flag(opt.argv, "--max-bytes"))
    asserts.false(env, "--wipe-spills" in opt.argv, "wipe_spills unset, yet passed")
    asserts.false(env, "--wipe-spills" in action(env, "CryptoptCheck").argv, "check asked to prove wiping")
    return analysistest.end(env)

size_search_test = analysistest.make(_size_search_test_impl, config_settings = {_UARCH: "icelake"})

def _ct_harness_test_impl(ctx):
    env = analysistest.begin(ctx)
    gen = action(env, "CryptoptCTHarness")
    asserts.true(env, gen != None, "no CryptoptCTHarness action")
    asserts.equals(env, "hard_wipe", flag(gen.argv, "--symbol"))
    asserts.equals(env, "3", flag(gen.argv, "--inputs"))
    asserts.true(env, "--alias" in gen.argv, "aliased = True not passed: %s" % gen.argv)
    asserts.true(env, flag(gen.argv, "--fiat").endswith("hard_wipe.ir.json"))
    return analysistest.end(env)

ct_harness_test = analysistest.make(_ct_harness_test_impl)

def _asm_excludes_objective_test_impl(ctx):
    env = analysistest.begin(ctx)
    asserts.expect_failure(env, "excludes genome and the search attributes")
    return analysistest.end(env)

asm_excludes_objective_test = analysistest.make(_asm_excludes_objective_test_impl, expect_failure = True)

def hardening_test_suite(name):
    """Declares the targets under test and the tests.

    Args:
      name: the name of the test_suite.
    """
    cryptopt_field(
        name = "hard_wipe",
        curve = "curve25519",
        op = "square",
        genome = "pinned.genome.json",
        wipe_spills = True,
        tags = ["manual"],
    )
    cryptopt_field(name = "hard_size", curve = "p256", op = "mul", objective = "cycles", max_bytes = 1500, tags = ["manual"])
    cryptopt_field(name = "hard_asm_obj", curve = "p256", op = "square", asm = "own.S", objective = "size", tags = ["manual"])
    cryptopt_ct_test(name = "hard_ct", field = ":hard_wipe", aliased = True, inputs = 3, tags = ["manual"])

    wipe_emit_test(name = "wipe_emit_test", target_under_test = ":hard_wipe")
    size_search_test(name = "size_search_test", target_under_test = ":hard_size")
    ct_harness_test(name = "ct_harness_test", target_under_test = ":hard_ct_harness")
    asm_excludes_objective_test(name = "asm_excludes_objective_test", target_under_test = ":hard_asm_obj")

    native.test_suite(
        name = name,
        tests = [
            ":asm_excludes_objective_test",
            ":ct_harness_test",
            ":size_search_test",
            ":wipe_emit_test",
        ],
    )
