"""Unit tests of the host uarch detection (uarch_repo.bzl) on /proc/cpuinfo samples."""

load("@bazel_skylib//lib:unittest.bzl", "asserts", "unittest")
load(":uarch_repo.bzl", "detect_uarch")

_ZEN5 = "processor\t: 0\nvendor_id\t: AuthenticAMD\ncpu family\t: 26\nmodel\t\t: 2\nmodel name\t: AMD EPYC 9B45\n\nprocessor\t: 1\n"
_ICL = "vendor_id\t: GenuineIntel\ncpu family\t: 6\nmodel\t\t: 106\nmodel name\t: Xeon\n"
_ODD = "vendor_id\t: HygonGenuine\ncpu family\t: 24\nmodel\t\t: 2\n"

def _detect_uarch_test_impl(ctx):
    env = unittest.begin(ctx)
    asserts.equals(env, ("znver5", "AMD EPYC 9B45"), detect_uarch(_ZEN5))
    asserts.equals(env, "icelake-server", detect_uarch(_ICL)[0])
    asserts.equals(env, "hygongenuine-f18m2", detect_uarch(_ODD)[0])
    asserts.equals(env, "generic", detect_uarch("")[0])
    return unittest.end(env)

detect_uarch_test = unittest.make(_detect_uarch_test_impl)

def uarch_repo_test_suite(name):
    """Declares the tests of uarch_repo.bzl.

    Args:
      name: the name of the test_suite.
    """
    unittest.suite(name, detect_uarch_test)
