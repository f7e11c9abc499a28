"""Analysis tests of the toolchain, the search exec group and hermetic actions.

A fake znver5 pool (:pool_znver5, an execution platform with the znver5 constraint) has
its own cryptopt toolchain (:pool_tool, fake_cryptopt.sh), registered first. An action
that runs fake_cryptopt.sh therefore ran on the pool; one that runs the cryptopt built
from source ran elsewhere (the host, whose uarch constraint is :none).
"""

load("@bazel_skylib//lib:unittest.bzl", "analysistest", "asserts")
load("//rules:defs.bzl", "cryptopt_field", "cryptopt_go_library")
load(":util.bzl", "flag")

_UARCH = str(Label("//rules:uarch"))

# The searches, and only they, may run on the pool.
_SEARCH = "CryptoptOptimize"
_OTHERS = ["CryptoptIR", "CryptoptEmit", "CryptoptHeader", "CryptoptCheck", "CryptoptGoPkg", "CryptoptCTHarness"]

def _pool_settings(uarch):
    return {
        "//command_line_option:extra_execution_platforms": [str(Label(":pool_znver5"))],
        "//command_line_option:extra_toolchains": [str(Label(":pool_tool_toolchain"))],
        _UARCH: uarch,
    }

def _on_pool(action):
    return action.argv[0].endswith("/fake_cryptopt.sh")

def _cryptopt_actions(env):
    return [a for a in analysistest.target_actions(env) if a.mnemonic.startswith("Cryptopt")]

def _check_hermetic(env, actions):
    """No shell, no PATH but the C compiler's directory, the tool from the toolchain."""
    for a in actions:
        tool = a.argv[0]
        asserts.true(env, tool.endswith("/cryptopt") or tool.endswith("/fake_cryptopt.sh"), "%s runs %s, not the cryptopt tool" % (a.mnemonic, tool))
        asserts.true(env, a.env.keys() in [[], ["PATH"]], "%s env %s" % (a.mnemonic, a.env))
        if a.mnemonic != _SEARCH:
            asserts.equals(env, {}, a.env, "%s has an environment" % a.mnemonic)

def _search_on_pool_test_impl(ctx):
    env = analysistest.begin(ctx)
    actions = _cryptopt_actions(env)
    _check_hermetic(env, actions)
    searches = [a for a in actions if a.mnemonic == _SEARCH]
    asserts.true(env, len(searches) > 0, "no search")
    for a in searches:
        asserts.true(env, _on_pool(a), "%s not in the znver5 pool: %s" % (a.mnemonic, a.argv[0]))
        asserts.equals(env, "znver5", flag(a.argv, "--expect-uarch"))
    others = [a for a in actions if a.mnemonic in _OTHERS]

    # At least two: a Go library has its CryptoptGoPkg and one CryptoptCheck for the package.
    asserts.true(env, len(others) >= 2, "too few other actions: %s" % [a.mnemonic for a in actions])
    for a in others:
        asserts.false(env, _on_pool(a), "%s went to the uarch pool" % a.mnemonic)
    return analysistest.end(env)

search_on_pool_test = analysistest.make(_search_on_pool_test_impl, config_settings = _pool_settings("znver5"))

def _search_off_pool_test_impl(ctx):
    env = analysistest.begin(ctx)
    actions = _cryptopt_actions(env)
    _check_hermetic(env, actions)
    for a in actions:
        asserts.false(env, _on_pool(a), "%s went to the znver5 pool for an icelake build" % a.mnemonic)
    return analysistest.end(env)

# An icelake build: no icelake platform is registered, so nothing goes to the znver5 pool.
search_off_pool_test = analysistest.make(_search_off_pool_test_impl, config_settings = _pool_settings("icelake"))

def _baseline_test_impl(ctx):
    env = analysistest.begin(ctx)
    opt = [a for a in analysistest.target_actions(env) if a.mnemonic == _SEARCH][0]
    cc = flag(opt.argv, "--baseline")
    asserts.true(env, cc != None and cc != "auto" and "/" in cc, "the baseline is not the cc toolchain's compiler: %s" % cc)
    asserts.equals(env, cc.rpartition("/")[0], opt.env.get("PATH"), "PATH is the compiler's directory only")
    asserts.true(env, flag(opt.argv, "--report") != None, "the tool writes the report")
    emit = [a for a in analysistest.target_actions(env) if a.mnemonic == "CryptoptEmit"]
    asserts.equals(env, [], emit)
    return analysistest.end(env)

baseline_test = analysistest.make(_baseline_test_impl, config_settings = {_UARCH: "icelake"})

def _no_baseline_test_impl(ctx):
    env = analysistest.begin(ctx)
    opt = [a for a in analysistest.target_actions(env) if a.mnemonic == _SEARCH][0]
    asserts.equals(env, "none", flag(opt.argv, "--baseline"))
    asserts.equals(env, {}, opt.env)
    return analysistest.end(env)

no_baseline_test = analysistest.make(_no_baseline_test_impl, config_settings = {_UARCH: "icelake"})

def _stamp_test_impl(ctx):
    env = analysistest.begin(ctx)
    actions = _cryptopt_actions(env)
    _check_hermetic(env, actions)
    for a in actions:
        if a.mnemonic == "CryptoptCheck":
            stamp = flag(a.argv, "--stamp")
            asserts.true(env, stamp != None and stamp.endswith(".check.json"), "check writes no stamp: %s" % a.argv)
            asserts.false(env, "--json" in a.argv, "the stamp is written by the tool, not captured")
        if a.mnemonic == "CryptoptEmit":
            asserts.true(env, flag(a.argv, "--report").endswith(".report.txt"), "emit writes no report: %s" % a.argv)
        if a.mnemonic == "CryptoptHeader":
            asserts.equals(env, "header", a.argv[1])
    return analysistest.end(env)

stamp_test = analysistest.make(_stamp_test_impl)

def toolchain_test_suite(name):
    """Declares the targets under test and the tests.

    Args:
      name: the name of the test_suite.
    """
    cryptopt_field(name = "tc_search", curve = "p256", op = "square", tags = ["manual"])
    cryptopt_field(name = "tc_no_baseline", curve = "p256", op = "square", baseline = "none", tags = ["manual"])
    cryptopt_field(name = "tc_pinned", curve = "curve25519", op = "square", genome = "pinned.genome.json", tags = ["manual"])
    cryptopt_go_library(
        name = "tc_go",
        curve = "p256",
        ops = ["mul", "square"],
        genomes = {"mul": "pinned.genome.json"},
        optimize = True,
        importpath = "example.com/tc_go",
        tags = ["manual"],
    )
    search_on_pool_test(name = "search_on_pool_test", target_under_test = ":tc_search")
    search_on_pool_test(name = "go_search_on_pool_test", target_under_test = ":tc_go_srcs")
    search_off_pool_test(name = "search_off_pool_test", target_under_test = ":tc_search")
    baseline_test(name = "baseline_test", target_under_test = ":tc_search")
    no_baseline_test(name = "no_baseline_test", target_under_test = ":tc_no_baseline")
    stamp_test(name = "stamp_test", target_under_test = ":tc_pinned")
    native.test_suite(name = name, tests = [
        ":baseline_test",
        ":go_search_on_pool_test",
        ":no_baseline_test",
        ":search_off_pool_test",
        ":search_on_pool_test",
        ":stamp_test",
    ])
