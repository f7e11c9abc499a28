"""Analysis tests of cryptopt_go_library: the CryptoptGoPkg action, its outputs, errors."""

load("@bazel_skylib//lib:unittest.bzl", "analysistest", "asserts")
load("//rules:defs.bzl", "cryptopt_go_library")

def _flag(argv, flag):
    """The value following flag in argv, None when absent."""
    for i, a in enumerate(argv[:-1]):
        if a == flag:
            return argv[i + 1]
    return None

def target_validations(env):
    """The _validation outputs of the target under test."""
    return analysistest.target_under_test(env)[OutputGroupInfo]._validation.to_list()

def _gopkg_test_impl(ctx):
    env = analysistest.begin(ctx)
    actions = [a for a in analysistest.target_actions(env) if a.mnemonic == "CryptoptGoPkg"]
    asserts.equals(env, 1, len(actions))
    argv = actions[0].argv
    asserts.equals(env, "p256", _flag(argv, "--curve"))
    asserts.equals(env, "mul,square", _flag(argv, "--ops"))
    asserts.equals(env, "fe", _flag(argv, "--package"))
    asserts.true(env, _flag(argv, "--genome").startswith("mul="), "pinned genome passed as op=FILE")
    asserts.true(env, _flag(argv, "--go") != None, "the Go SDK's go command is passed for the proof")
    outs = sorted([f.basename for f in actions[0].outputs.to_list()])
    asserts.equals(env, sorted([
        "doc.go",
        "p256.go",
        "p256_amd64.go",
        "p256_amd64.s",
        "p256_arith.go",
        "p256_generic.go",
        "p256_test.go",
        "mul.S",
        "square.S",
    ]), outs)
    checks = [a for a in analysistest.target_actions(env) if a.mnemonic == "CryptoptCheck"]
    asserts.equals(env, ["mul", "square"], sorted([_flag(a.argv, "--go-func") for a in checks]))
    validations = analysistest.target_under_test(env)[OutputGroupInfo]._validation.to_list()
    asserts.equals(env, ["mul.check.txt", "square.check.txt"], sorted([f.basename for f in validations]))
    target = analysistest.target_under_test(env)
    srcs = sorted([f.basename for f in target[DefaultInfo].files.to_list()])
    asserts.false(env, "p256_test.go" in srcs, "the test file is not a library source")
    asserts.equals(env, ["p256_test.go"], [f.basename for f in target[OutputGroupInfo].test_srcs.to_list()])
    return analysistest.end(env)

gopkg_test = analysistest.make(_gopkg_test_impl)

def _bad_op_test_impl(ctx):
    env = analysistest.begin(ctx)
    asserts.expect_failure(env, "has no operation \"carry\"")
    return analysistest.end(env)

bad_op_test = analysistest.make(_bad_op_test_impl, expect_failure = True)

def cryptopt_go_library_test_suite(name):
    """Declares the targets under test and the tests.

    Args:
      name: the name of the test_suite.
    """
    cryptopt_go_library(
        name = "fe",
        curve = "p256",
        ops = ["mul", "square"],
        genomes = {"mul": "pinned.genome.json"},
        importpath = "example.com/fe",
        tags = ["manual"],
    )
    cryptopt_go_library(
        name = "fe_bad",
        curve = "p256",
        ops = ["mul", "carry"],
        importpath = "example.com/fe_bad",
        tags = ["manual"],
    )
    gopkg_test(name = "gopkg_test", target_under_test = ":fe_srcs")
    bad_op_test(name = "bad_op_test", target_under_test = ":fe_bad_srcs")
    native.test_suite(name = name, tests = [":gopkg_test", ":bad_op_test"])
