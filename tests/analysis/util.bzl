"""Helpers shared by the analysis tests: reading actions and their arguments."""

load("@bazel_skylib//lib:unittest.bzl", "analysistest", "asserts")

def flag(argv, name):
    """The value following name in argv, None when absent.

    Args:
      argv: an action's argv.
      name: the flag, e.g. "--symbol".

    Returns:
      The value, or None.
    """
    for i, a in enumerate(argv[:-1]):
        if a == name:
            return argv[i + 1]
    return None

def actions(env, mnemonic):
    """The actions of the target under test with this mnemonic.

    Args:
      env: the analysistest env.
      mnemonic: e.g. "CryptoptCheck".

    Returns:
      A list of actions.
    """
    return [a for a in analysistest.target_actions(env) if a.mnemonic == mnemonic]

def action(env, mnemonic):
    """The first action with this mnemonic, None when there is none.

    Args:
      env: the analysistest env.
      mnemonic: e.g. "CryptoptIR".

    Returns:
      The action, or None.
    """
    found = actions(env, mnemonic)
    return found[0] if found else None

def failure_test(message):
    """An analysistest implementation that expects analysis to fail with message.

    Args:
      message: a substring of the expected failure.

    Returns:
      The implementation function.
    """

    def impl(ctx):
        env = analysistest.begin(ctx)
        asserts.expect_failure(env, message)
        return analysistest.end(env)

    return impl
