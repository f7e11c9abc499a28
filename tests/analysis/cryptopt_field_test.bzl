"""Analysis tests of cryptopt_field: actions, mnemonics, output names, providers, errors."""

load("@bazel_skylib//lib:unittest.bzl", "analysistest", "asserts")
load("@cryptopt_uarch//:tag.bzl", "HOST_UARCH")
load("@rules_cc//cc/common:cc_info.bzl", "CcInfo")
load("//rules:defs.bzl", "CryptoptFieldInfo", "cryptopt_field")
load(":util.bzl", "action", "failure_test", "flag")

_UARCH = str(Label("//rules:uarch"))

def _mnemonics(env):
    return [a.mnemonic for a in analysistest.target_actions(env)]

def _optimize_test_impl(ctx):
    env = analysistest.begin(ctx)
    m = _mnemonics(env)
    for want in ["CryptoptIR", "CryptoptOptimize", "CryptoptCheck", "CryptoptHeader"]:
        asserts.true(env, want in m, "missing action %s in %s" % (want, m))
    asserts.false(env, "CryptoptEmit" in m, "no genome given, yet CryptoptEmit ran")
    opt = action(env, "CryptoptOptimize")
    asserts.equals(env, "icelake", flag(opt.argv, "--expect-uarch"))
    asserts.equals(env, "7", flag(opt.argv, "--seed"))
    asserts.equals(env, "2s", flag(opt.argv, "--time-limit"))
    asserts.equals(env, None, flag(opt.argv, "--start"), "no start given: the tool's default (greedy)")
    asserts.equals(env, "p256_mul", flag(opt.argv, "--func"))
    asserts.true(env, flag(opt.argv, "--fiat").endswith("/opt_target.ir.json"))
    ir = action(env, "CryptoptIR")
    asserts.equals(env, "p256", flag(ir.argv, "--curve"))
    asserts.equals(env, "mul", flag(ir.argv, "--op"))
    info = analysistest.target_under_test(env)[CryptoptFieldInfo]
    asserts.equals(env, "icelake", info.uarch)
    asserts.equals(env, "opt_target.icelake.S", info.asm.basename)
    asserts.equals(env, "opt_target.icelake.genome.json", info.genome.basename)
    asserts.equals(env, "opt_target.icelake.report.txt", info.report.basename)
    asserts.equals(env, "opt_target", info.symbol)
    asserts.false(env, info.pinned)
    asserts.true(env, CcInfo in analysistest.target_under_test(env))
    return analysistest.end(env)

optimize_test = analysistest.make(
    _optimize_test_impl,
    config_settings = {_UARCH: "icelake"},
)

def _emit_test_impl(ctx):
    env = analysistest.begin(ctx)
    m = _mnemonics(env)
    asserts.true(env, "CryptoptEmit" in m, "genome given, no CryptoptEmit in %s" % m)
    asserts.false(env, "CryptoptOptimize" in m, "genome given, yet CryptoptOptimize ran")
    emit = action(env, "CryptoptEmit")
    asserts.true(env, flag(emit.argv, "--genome").endswith("tests/analysis/pinned.genome.json"))
    asserts.equals(env, "my_sym", flag(emit.argv, "--symbol"))
    asserts.equals(env, "save", flag(emit.argv, "--frame-pointer"))
    asserts.equals(env, None, flag(emit.argv, "--expect-uarch"))
    info = analysistest.target_under_test(env)[CryptoptFieldInfo]
    asserts.true(env, info.pinned)
    asserts.equals(env, "pinned.genome.json", info.genome.basename)
    asserts.equals(env, "emit_target.%s.S" % HOST_UARCH, info.asm.basename)
    return analysistest.end(env)

emit_test = analysistest.make(_emit_test_impl)

def _validation_test_impl(ctx):
    env = analysistest.begin(ctx)
    target = analysistest.target_under_test(env)
    groups = target[OutputGroupInfo]
    asserts.true(env, hasattr(groups, "_validation"), "no _validation output group")
    stamps = groups._validation.to_list()
    checks = [a for a in analysistest.target_actions(env) if a.mnemonic == "CryptoptCheck"]

    # One check per object cc_common.compile made (pic and/or not): the bytes that are linked.
    asserts.true(env, len(checks) >= 1, "no CryptoptCheck action")
    asserts.equals(env, len(checks), len(stamps))
    for c in checks:
        asserts.equals(env, 1, len(c.outputs.to_list()))
        asserts.true(env, c.outputs.to_list()[0] in stamps, "check output not validated: %s" % c.outputs.to_list())
        asserts.true(env, c.outputs.to_list()[0].basename.endswith(".fiat_target.check.json"))
        obj = flag(c.argv, "--object")
        asserts.true(env, obj != None and obj.endswith(".o"), "the check does not prove an object: %s" % c.argv)
        asserts.equals(env, None, flag(c.argv, "--asm"))
        asserts.equals(env, "fiat_target", flag(c.argv, "--symbol"))
        inputs = [f.path for f in c.inputs.to_list()]
        asserts.true(env, obj in inputs, "the checked object is not an input: %s" % inputs)
        asserts.true(env, "fiat_target.ir.json" in [f.basename for f in c.inputs.to_list()], "the check does not read the IR: %s" % inputs)
    check = checks[0]
    asserts.equals(env, "out1-arg1", flag(check.argv, "--aliasing"))
    for g in ["genome", "report", "ir", "header"]:
        asserts.true(env, hasattr(groups, g), "no %s output group" % g)
    asserts.equals(env, ["fiat_target.znver3.S"], [f.basename for f in target[DefaultInfo].files.to_list()])
    ir = action(env, "CryptoptIR")
    asserts.equals(env, "fiat_p256_square", flag(ir.argv, "--func"))
    asserts.true(env, flag(ir.argv, "--fiat").endswith("tests/analysis/fake_fiat.json"))
    info = target[CryptoptFieldInfo]
    asserts.equals(env, ("", "", "fiat_p256_square"), (info.curve, info.op, info.func))
    return analysistest.end(env)

validation_test = analysistest.make(
    _validation_test_impl,
    config_settings = {_UARCH: "znver3"},
)

def _own_asm_test_impl(ctx):
    env = analysistest.begin(ctx)
    m = _mnemonics(env)
    asserts.false(env, "CryptoptEmit" in m or "CryptoptOptimize" in m, "asm given, yet generated: %s" % m)
    check = action(env, "CryptoptCheck")

    # The user's .S is proved through the object the toolchain made from it.
    asserts.equals(env, None, flag(check.argv, "--asm"))
    asserts.true(env, flag(check.argv, "--object").endswith(".o"), "not an object: %s" % check.argv)
    info = analysistest.target_under_test(env)[CryptoptFieldInfo]
    asserts.equals(env, (None, None, True), (info.genome, info.report, info.pinned))
    return analysistest.end(env)

own_asm_test = analysistest.make(_own_asm_test_impl)

def _warm_start_test_impl(ctx):
    env = analysistest.begin(ctx)
    opt = action(env, "CryptoptOptimize")
    items = flag(opt.argv, "--start").split(",")
    asserts.equals(env, 3, len(items), "two files and greedy: %s" % items)
    asserts.true(env, items[0].endswith("tests/analysis/pinned.genome.json"), "bet 0 is the first file: %s" % items)
    asserts.true(env, items[1].endswith("tests/analysis/genomes/pf_square.genome.json"), items[1])
    asserts.equals(env, "greedy", items[2])
    inputs = [f.path for f in opt.inputs.to_list()]
    for item in items[:2]:
        asserts.true(env, item in inputs, "%s is not an input of the search" % item)
    return analysistest.end(env)

warm_start_test = analysistest.make(_warm_start_test_impl)

start_and_genome_test = analysistest.make(
    failure_test("genome (pinned, no search) excludes start"),
    expect_failure = True,
)

comma_start_test = analysistest.make(
    failure_test("has a comma in its path"),
    expect_failure = True,
)

asm_and_start_test = analysistest.make(
    failure_test("asm (your own assembly) excludes genome and the search attributes"),
    expect_failure = True,
)

unknown_curve_test = analysistest.make(
    failure_test('unknown curve "p257"; the catalogue has: curve25519, curve25519_solinas, p224'),
    expect_failure = True,
)

unknown_op_test = analysistest.make(
    failure_test('curve "p256" has no operation "cube"; it has: mul, square'),
    expect_failure = True,
)

both_sources_test = analysistest.make(
    failure_test("give either curve/op or fiat_json/func, not both"),
    expect_failure = True,
)

asm_and_genome_test = analysistest.make(
    failure_test("asm (your own assembly) excludes genome and the search attributes"),
    expect_failure = True,
)

bad_uarch_test = analysistest.make(
    failure_test('//rules:uarch is "zen 5", want a tag like znver5'),
    expect_failure = True,
    config_settings = {_UARCH: "zen 5"},
)

def _scmul_test_impl(ctx):
    env = analysistest.begin(ctx)
    ir = action(env, "CryptoptIR")
    asserts.equals(env, "scmul", flag(ir.argv, "--op"))
    asserts.equals(env, "121666", flag(ir.argv, "--constant"))
    opt = action(env, "CryptoptOptimize")
    asserts.equals(env, "curve25519_scmul_121666", flag(opt.argv, "--func"))
    asserts.equals(env, "curve25519_scmul_121666", analysistest.target_under_test(env)[CryptoptFieldInfo].func)
    return analysistest.end(env)

scmul_test = analysistest.make(_scmul_test_impl)

scmul_without_constant_test = analysistest.make(
    failure_test('op "scmul" needs constant (e.g. constant = 121666)'),
    expect_failure = True,
)

constant_without_scmul_test = analysistest.make(
    failure_test("constant is only for the ops scmul"),
    expect_failure = True,
)

def cryptopt_field_test_suite(name):
    """Declares the targets under test and the tests.

    Args:
      name: the name of the test_suite.
    """
    cryptopt_field(name = "opt_target", curve = "p256", op = "mul", seed = 7, time_limit = "2s", tags = ["manual"])
    cryptopt_field(
        name = "emit_target",
        curve = "curve25519",
        op = "square",
        genome = "pinned.genome.json",
        symbol = "my_sym",
        frame_pointer = "save",
        tags = ["manual"],
    )
    cryptopt_field(
        name = "fiat_target",
        fiat_json = "fake_fiat.json",
        func = "fiat_p256_square",
        aliasing = "out1-arg1",
        tags = ["manual"],
    )
    cryptopt_field(name = "own_asm", curve = "p256", op = "square", asm = "own.S", tags = ["manual"])
    cryptopt_field(name = "asm_and_genome", curve = "p256", op = "square", asm = "own.S", genome = "pinned.genome.json", tags = ["manual"])
    cryptopt_field(name = "unknown_curve", curve = "p257", op = "mul", tags = ["manual"])
    cryptopt_field(
        name = "warm_target",
        curve = "p256",
        op = "mul",
        start = ["pinned.genome.json", "genomes/pf_square.genome.json"],
        tags = ["manual"],
    )
    cryptopt_field(name = "start_and_genome", curve = "p256", op = "mul", start = ["pinned.genome.json"], genome = "pinned.genome.json", tags = ["manual"])

    # --start is a comma-separated list: a path with a comma would split into two items.
    native.genrule(name = "comma_genome", outs = ["comma,start.genome.json"], cmd = "echo {} > $@", tags = ["manual"])
    cryptopt_field(name = "comma_start", curve = "p256", op = "mul", start = [":comma_genome"], tags = ["manual"])
    cryptopt_field(name = "asm_and_start", curve = "p256", op = "square", asm = "own.S", start = ["pinned.genome.json"], tags = ["manual"])
    cryptopt_field(name = "unknown_op", curve = "p256", op = "cube", tags = ["manual"])
    cryptopt_field(name = "both_sources", curve = "p256", op = "mul", fiat_json = "fake_fiat.json", func = "f", tags = ["manual"])
    cryptopt_field(name = "scmul_target", curve = "curve25519", op = "scmul", constant = 121666, tags = ["manual"])
    cryptopt_field(name = "scmul_no_constant", curve = "curve25519", op = "scmul", tags = ["manual"])
    cryptopt_field(name = "mul_with_constant", curve = "curve25519", op = "mul", constant = 3, tags = ["manual"])

    optimize_test(name = "optimize_test", target_under_test = ":opt_target")
    emit_test(name = "emit_test", target_under_test = ":emit_target")
    validation_test(name = "validation_test", target_under_test = ":fiat_target")
    own_asm_test(name = "own_asm_test", target_under_test = ":own_asm")
    asm_and_genome_test(name = "asm_and_genome_test", target_under_test = ":asm_and_genome")
    unknown_curve_test(name = "unknown_curve_test", target_under_test = ":unknown_curve")
    warm_start_test(name = "warm_start_test", target_under_test = ":warm_target")
    start_and_genome_test(name = "start_and_genome_test", target_under_test = ":start_and_genome")
    asm_and_start_test(name = "asm_and_start_test", target_under_test = ":asm_and_start")
    comma_start_test(name = "comma_start_test", target_under_test = ":comma_start")
    unknown_op_test(name = "unknown_op_test", target_under_test = ":unknown_op")
    both_sources_test(name = "both_sources_test", target_under_test = ":both_sources")
    bad_uarch_test(name = "bad_uarch_test", target_under_test = ":opt_target")
    scmul_test(name = "scmul_test", target_under_test = ":scmul_target")
    scmul_without_constant_test(name = "scmul_without_constant_test", target_under_test = ":scmul_no_constant")
    constant_without_scmul_test(name = "constant_without_scmul_test", target_under_test = ":mul_with_constant")

    native.test_suite(
        name = name,
        tests = [
            ":asm_and_genome_test",
            ":asm_and_start_test",
            ":both_sources_test",
            ":comma_start_test",
            ":bad_uarch_test",
            ":constant_without_scmul_test",
            ":emit_test",
            ":optimize_test",
            ":own_asm_test",
            ":scmul_test",
            ":scmul_without_constant_test",
            ":start_and_genome_test",
            ":unknown_curve_test",
            ":unknown_op_test",
            ":validation_test",
            ":warm_start_test",
        ],
    )
