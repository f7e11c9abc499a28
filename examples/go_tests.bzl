"""go_test_paths: one go_test on the assembly and one on the pure-Go fallback (purego tag)."""

load("@rules_go//go:def.bzl", "go_test")

def go_test_paths(name, gotags = [], want_path = False, **kwargs):
    """Declares the go_test <name> (assembly) and <stem>_purego_test (gotags + purego).

    Args:
      name: <stem>_test, the go_test on the assembly.
      gotags: the build tags of both.
      want_path: set CRYPTOPT_WANT_PATH (asm, generic), which path_test.go checks against
        the implementation the tags selected.
      **kwargs: passed to both go_test rules (srcs, embed, deps, ...).
    """
    if not name.endswith("_test"):
        fail("go_test_paths: name must end in _test: " + name)
    variants = [(name, [], "asm"), (name[:-len("_test")] + "_purego_test", ["purego"], "generic")]
    for test, tags, path in variants:
        go_test(
            name = test,
            env = {"CRYPTOPT_WANT_PATH": path} if want_path else {},
            gotags = gotags + tags,
            **kwargs
        )

# The ops of the generated Go field packages the examples build by cryptopt_go_library.
GO_FIELD_OPS = [
    "mul",
    "square",
    "add",
    "sub",
    "opp",
]

def go_field_tests(name):
    """go_test_paths of a cryptopt_go_library's generated test plus path_test.go.

    The generated test checks every op against math/big on all edge and 100,000 random
    inputs, through the API and the pure-Go opGeneric; path_test.go checks which
    implementation the tags selected.

    Args:
      name: <library>_test; <library>_purego_test is declared too.
    """
    library = name[:-len("_test")]
    go_test_paths(
        name = name,
        srcs = [
            "path_test.go",
            ":%s_test_srcs" % library,
        ],
        embed = [":" + library],
        gotags = ["cryptopt_bazel"],
        want_path = True,
        deps = ["@com_github_stretchr_testify//require"],
    )
