"""Tests of the CryptoptCheck action's worker requirements (rules/private/check.bzl).

Bazel 7's Starlark Action has no execution_info, so an analysistest cannot read the
requirements of the actions a rule registered: check_action, which both rules call for
every CryptoptCheck (the analysistests in cryptopt_field_test.bzl and
cryptopt_go_library_test.bzl check those actions' arguments), runs here against a
context whose actions.run records what it is given.
"""

load("@bazel_skylib//lib:unittest.bzl", "asserts", "unittest")

# buildifier: disable=bzl-visibility
load("//rules/private:check.bzl", "check_action")

# buildifier: disable=bzl-visibility
load("//rules/private:toolchain.bzl", "TOOLCHAIN_TYPE")

def _worker_requirements_test_impl(ctx):
    env = unittest.begin(ctx)
    runs = []
    fake = struct(
        actions = struct(args = ctx.actions.args, run = lambda **kwargs: runs.append(kwargs)),
        toolchains = {TOOLCHAIN_TYPE: struct(cryptopt = "the-tool")},
    )
    stamp = "x.check.json"
    check_action(fake, ["check", "--object", "x.o"], inputs = ["x.o"], outputs = [stamp], progress_message = "m")
    asserts.equals(env, 1, len(runs))
    run = runs[0]
    asserts.equals(env, {
        "requires-worker-protocol": "json",
        "supports-workers": "1",
    }, run["execution_requirements"])
    asserts.equals(env, "CryptoptCheck", run["mnemonic"])
    asserts.equals(env, "the-tool", run["executable"])
    asserts.equals(env, [stamp], run["outputs"])

    # One Args object: the arguments travel in its params file (workers require one).
    asserts.equals(env, ["Args"], [type(a) for a in run["arguments"]])
    return unittest.end(env)

worker_requirements_test = unittest.make(_worker_requirements_test_impl)

def check_test_suite(name):
    """Declares the tests of check_action.

    Args:
      name: the name of the test_suite.
    """
    unittest.suite(name, worker_requirements_test)
