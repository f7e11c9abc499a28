"""Analysis tests of cryptopt_go_library: actions, arguments, uarch-tagged outputs, errors."""

load("@bazel_skylib//lib:unittest.bzl", "analysistest", "asserts")
load("//rules:defs.bzl", "CryptoptGoLibraryInfo", "cryptopt_go_library")
load(":util.bzl", "actions", "failure_test", "flag")

_UARCH = str(Label("//rules:uarch"))

def _flags(argv, flag):
    """Every value following flag in argv."""
    return [argv[i + 1] for i, a in enumerate(argv[:-1]) if a == flag]

def _gopkg_test_impl(ctx):
    env = analysistest.begin(ctx)
    gopkgs = actions(env, "CryptoptGoPkg")
    asserts.equals(env, 1, len(gopkgs))
    argv = gopkgs[0].argv
    asserts.equals(env, "p256", flag(argv, "--curve"))
    asserts.equals(env, "mul,square", flag(argv, "--ops"))
    asserts.equals(env, "fe", flag(argv, "--package"))
    asserts.equals(env, 1, len(_flags(argv, "--genome")), "only the pinned op has a genome (no search)")
    asserts.true(env, flag(argv, "--genome").startswith("mul="), "pinned genome passed as op=FILE")
    asserts.true(env, flag(argv, "--go") != None, "the Go SDK's go command is passed for the proof")
    asserts.equals(env, None, flag(argv, "--fiat"))
    asserts.equals(env, [], actions(env, "CryptoptOptimize"), "optimize is off: no search")
    outs = gopkgs[0].outputs.to_list()
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
    ]), sorted([f.basename for f in outs]))
    for f in outs:
        asserts.true(env, "/fe_srcs.icelake/" in f.path or "/fe_srcs.icelake_models/" in f.path, "not uarch-tagged: " + f.path)
    checks = actions(env, "CryptoptCheck")
    asserts.equals(env, 1, len(checks), "one check for the package: the assembler runs once")
    check = checks[0]
    asserts.equals(env, "mul,square", flag(check.argv, "--ops"), "every function is proved")
    asserts.true(env, flag(check.argv, "--s").endswith("/fe_srcs.icelake/p256_amd64.s"))
    models_dir = [f.dirname for f in outs if f.basename == "mul.S"][0]
    asserts.equals(env, models_dir, flag(check.argv, "--models"))
    asserts.equals(env, models_dir, flag(check.argv, "--stamps"))
    inputs = [f.basename for f in check.inputs.to_list()]
    asserts.true(env, "mul.S" in inputs and "square.S" in inputs and "p256_amd64.s" in inputs, str(inputs))
    target = analysistest.target_under_test(env)
    validations = target[OutputGroupInfo]._validation.to_list()
    asserts.equals(env, ["mul.check.json", "square.check.json"], sorted([f.basename for f in validations]))
    asserts.equals(env, sorted([f.path for f in validations]), sorted([f.path for f in check.outputs.to_list()]), "its outputs are the validations")
    srcs = sorted([f.basename for f in target[DefaultInfo].files.to_list()])
    asserts.false(env, "p256_test.go" in srcs, "the test file is not a library source")
    asserts.equals(env, ["p256_test.go"], [f.basename for f in target[OutputGroupInfo].test_srcs.to_list()])
    info = target[CryptoptGoLibraryInfo]
    asserts.equals(env, "icelake", info.uarch)
    asserts.equals(env, ["mul"], info.pinned)
    asserts.equals(env, ["mul"], info.genomes.keys())
    asserts.equals(env, None, info.fiat_json)
    return analysistest.end(env)

gopkg_test = analysistest.make(_gopkg_test_impl, config_settings = {_UARCH: "icelake"})

def _search_test_impl(ctx):
    env = analysistest.begin(ctx)
    opts = actions(env, "CryptoptOptimize")
    asserts.equals(env, 1, len(opts), "one search: square (mul is pinned)")
    argv = opts[0].argv
    asserts.equals(env, "square", flag(argv, "--op"))
    asserts.equals(env, "go", flag(argv, "--syntax"), "the search times the Go program")
    asserts.equals(env, "znver5", flag(argv, "--expect-uarch"))
    asserts.equals(env, "3", flag(argv, "--seed"))
    asserts.equals(env, "50", flag(argv, "--evals"))
    asserts.equals(env, "5s", flag(argv, "--time-limit"))
    genome = flag(argv, "--genome-out")
    asserts.true(env, genome.endswith("fe_search_srcs.znver5_search/square.genome.json"), genome)
    gopkg = actions(env, "CryptoptGoPkg")[0]
    genomes = sorted(_flags(gopkg.argv, "--genome"))
    asserts.equals(env, 2, len(genomes))
    asserts.true(env, genomes[0].startswith("mul="))
    asserts.equals(env, "square=" + genome, genomes[1], "the searched genome goes to gopkg")
    target = analysistest.target_under_test(env)
    asserts.equals(env, ["square.report.txt"], [f.basename for f in target[OutputGroupInfo].report.to_list()])
    info = target[CryptoptGoLibraryInfo]
    asserts.equals(env, "znver5", info.uarch)
    asserts.equals(env, ["mul"], info.pinned)
    asserts.equals(env, ["mul", "square"], sorted(info.genomes.keys()))
    return analysistest.end(env)

search_test = analysistest.make(_search_test_impl, config_settings = {_UARCH: "znver5"})

def _fiat_test_impl(ctx):
    env = analysistest.begin(ctx)
    gopkg = actions(env, "CryptoptGoPkg")[0]
    asserts.true(env, flag(gopkg.argv, "--fiat").endswith("/fake_fiat.json"))
    asserts.equals(env, "p256", flag(gopkg.argv, "--curve"), "the field still gives the representation")
    asserts.true(env, "fake_fiat.json" in [f.basename for f in gopkg.inputs.to_list()])
    for a in actions(env, "CryptoptCheck"):
        asserts.true(env, flag(a.argv, "--field-fiat").endswith("/fake_fiat.json"), "the validation proves against the Fiat function")
    info = analysistest.target_under_test(env)[CryptoptGoLibraryInfo]
    asserts.equals(env, "fake_fiat.json", info.fiat_json.basename)
    return analysistest.end(env)

fiat_test = analysistest.make(_fiat_test_impl)

bad_op_test = analysistest.make(failure_test("has no operation \"carry\""), expect_failure = True)

fiat_search_test = analysistest.make(failure_test("optimize searches the catalogue's IR, not fiat_json's"), expect_failure = True)

evals_without_search_test = analysistest.make(failure_test("evals, time_limit and starts go with optimize = True"), expect_failure = True)

def _warm_start_test_impl(ctx):
    env = analysistest.begin(ctx)
    opts = {flag(a.argv, "--op"): a for a in actions(env, "CryptoptOptimize")}
    asserts.equals(env, ["mul", "square"], sorted(opts.keys()))
    items = flag(opts["mul"].argv, "--start").split(",")
    asserts.equals(env, 3, len(items), "two files and greedy: %s" % items)
    asserts.true(env, items[0].endswith("tests/analysis/pinned.genome.json"), "bet 0 is the first file: %s" % items)
    asserts.true(env, items[1].endswith("tests/analysis/genomes/pf_square.genome.json"), items[1])
    asserts.equals(env, "greedy", items[2])
    inputs = [f.path for f in opts["mul"].inputs.to_list()]
    for item in items[:2]:
        asserts.true(env, item in inputs, "%s is not an input of the search" % item)
    asserts.false(env, "--start" in opts["square"].argv, "square has no start files")
    return analysistest.end(env)

go_warm_start_test = analysistest.make(_warm_start_test_impl, config_settings = {_UARCH: "znver5"})

start_and_pinned_test = analysistest.make(failure_test("\"mul\" has a pinned genome (no search) and start genomes (a search's)"), expect_failure = True)

go_comma_start_test = analysistest.make(failure_test("has a comma in its path"), expect_failure = True)

start_not_in_ops_test = analysistest.make(failure_test("start genome given for \"square\", which is not in ops"), expect_failure = True)

bad_uarch_test = analysistest.make(
    failure_test('//rules:uarch is "zen 5", want a tag like znver5'),
    expect_failure = True,
    config_settings = {_UARCH: "zen 5"},
)

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
        name = "fe_search",
        curve = "p256",
        ops = ["mul", "square"],
        genomes = {"mul": "pinned.genome.json"},
        optimize = True,
        seed = 3,
        evals = 50,
        time_limit = "5s",
        importpath = "example.com/fe_search",
        tags = ["manual"],
    )
    cryptopt_go_library(
        name = "fe_fiat",
        curve = "p256",
        ops = ["mul"],
        fiat_json = "fake_fiat.json",
        importpath = "example.com/fe_fiat",
        tags = ["manual"],
    )
    cryptopt_go_library(
        name = "fe_fiat_search",
        curve = "p256",
        ops = ["mul"],
        fiat_json = "fake_fiat.json",
        optimize = True,
        importpath = "example.com/fe_fiat_search",
        tags = ["manual"],
    )
    cryptopt_go_library(
        name = "fe_evals",
        curve = "p256",
        ops = ["mul"],
        evals = 10,
        importpath = "example.com/fe_evals",
        tags = ["manual"],
    )
    cryptopt_go_library(
        name = "fe_warm",
        curve = "p256",
        ops = ["mul", "square"],
        starts = {"mul": ["pinned.genome.json", "genomes/pf_square.genome.json"]},
        optimize = True,
        importpath = "example.com/fe_warm",
        tags = ["manual"],
    )
    cryptopt_go_library(
        name = "fe_start_pinned",
        curve = "p256",
        ops = ["mul"],
        genomes = {"mul": "pinned.genome.json"},
        starts = {"mul": ["genomes/pf_square.genome.json"]},
        optimize = True,
        importpath = "example.com/fe_start_pinned",
        tags = ["manual"],
    )
    cryptopt_go_library(
        name = "fe_start_not_in_ops",
        curve = "p256",
        ops = ["mul"],
        starts = {"square": ["genomes/pf_square.genome.json"]},
        optimize = True,
        importpath = "example.com/fe_start_not_in_ops",
        tags = ["manual"],
    )
    native.genrule(name = "go_comma_genome", outs = ["go,comma.genome.json"], cmd = "echo {} > $@", tags = ["manual"])
    cryptopt_go_library(
        name = "fe_comma_start",
        curve = "p256",
        ops = ["mul"],
        starts = {"mul": [":go_comma_genome"]},
        optimize = True,
        importpath = "example.com/fe_comma_start",
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
    search_test(name = "search_test", target_under_test = ":fe_search_srcs")
    fiat_test(name = "fiat_test", target_under_test = ":fe_fiat_srcs")
    fiat_search_test(name = "fiat_search_test", target_under_test = ":fe_fiat_search_srcs")
    evals_without_search_test(name = "evals_without_search_test", target_under_test = ":fe_evals_srcs")
    bad_op_test(name = "bad_op_test", target_under_test = ":fe_bad_srcs")
    go_warm_start_test(name = "go_warm_start_test", target_under_test = ":fe_warm_srcs")
    start_and_pinned_test(name = "start_and_pinned_test", target_under_test = ":fe_start_pinned_srcs")
    go_comma_start_test(name = "go_comma_start_test", target_under_test = ":fe_comma_start_srcs")
    start_not_in_ops_test(name = "start_not_in_ops_test", target_under_test = ":fe_start_not_in_ops_srcs")
    bad_uarch_test(name = "go_bad_uarch_test", target_under_test = ":fe_srcs")
    native.test_suite(name = name, tests = [
        ":gopkg_test",
        ":search_test",
        ":fiat_test",
        ":fiat_search_test",
        ":evals_without_search_test",
        ":bad_op_test",
        ":go_warm_start_test",
        ":start_and_pinned_test",
        ":start_not_in_ops_test",
        ":go_comma_start_test",
        ":go_bad_uarch_test",
    ])
