"""Analysis tests of //examples:pinned_fields.bzl: per-uarch genomes replace the default."""

load("@bazel_skylib//lib:unittest.bzl", "analysistest", "asserts")
load("//examples:pinned_fields.bzl", "pinned_fields")
load(":util.bzl", "action", "flag")

_UARCH = str(Label("//rules:uarch"))

def _genome_test(want):
    def impl(ctx):
        env = analysistest.begin(ctx)
        got = flag(action(env, "CryptoptEmit").argv, "--genome")
        asserts.true(env, got.endswith("tests/analysis/" + want), "emitted from %s, want %s" % (got, want))
        return analysistest.end(env)

    return impl

# genomes/emeraldrapids/pf_square.genome.json exists: an emeraldrapids build emits from it.
tuned_genome_test = analysistest.make(
    _genome_test("genomes/emeraldrapids/pf_square.genome.json"),
    config_settings = {_UARCH: "emeraldrapids"},
)

# No genomes/znver5/ directory: a znver5 build keeps the default genome.
default_genome_test = analysistest.make(
    _genome_test("genomes/pf_square.genome.json"),
    config_settings = {_UARCH: "znver5"},
)

def pinned_fields_test_suite(name):
    """Declares the targets under test and the tests.

    Args:
      name: the name of the test_suite.
    """
    pinned_fields("pf", "curve25519", {"square": {}}, "pf", tags = ["manual"])
    tuned_genome_test(name = "tuned_genome_test", target_under_test = ":pf_square")
    default_genome_test(name = "default_genome_test", target_under_test = ":pf_square")
    native.test_suite(name = name, tests = [":default_genome_test", ":tuned_genome_test"])
