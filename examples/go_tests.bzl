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
