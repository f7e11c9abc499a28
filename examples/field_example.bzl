"""field_example: one cryptopt_field plus a cc_test of it against known answers and the C
reference (`cryptopt emit-c`) on random inputs."""

load("@rules_cc//cc:defs.bzl", "cc_library", "cc_test")
load("//rules:defs.bzl", "cryptopt_ct_test", "cryptopt_field")

def field_example(name, curve, op, **kwargs):
    """Declares <name> (cryptopt_field), <name>_test (cc_test) and <name>_ct_test.

    <name> has the symbol cryptopt_<name>; <name>_ct_test is its cryptopt_ct_test (constant
    time under valgrind memcheck).

    The C reference is `cryptopt emit-c` for the same curve/op, its function renamed to
    ref_<name>; the known answers are examples/kat/<name>.h (examples/kat/gen_kat.py).

    Args:
      name: the target name; examples/kat/<name>.h must exist.
      curve: catalogue curve.
      op: catalogue operation.
      **kwargs: passed to cryptopt_field (genome, time_limit, ...).
    """
    symbol = "cryptopt_" + name
    ref = "ref_" + name
    cryptopt_field(name = name, curve = curve, op = op, symbol = symbol, **kwargs)
    native.genrule(
        name = name + "_ref_src",
        outs = [name + "_ref.c"],
        cmd = "$(execpath //tools/cryptopt) emit-c --curve %s --op %s --symbol %s -o $@" % (curve, op, ref),
        tools = ["//tools/cryptopt"],
    )
    cc_library(
        name = name + "_ref",
        srcs = [name + "_ref.c"],
        copts = ["-Wno-unused-variable"],  # emit-c keeps every IR value
        testonly = True,
    )
    kat = "kat/%s.h" % name
    native.genrule(
        name = name + "_test_src",
        outs = [name + "_test.c"],
        cmd = "\n".join([
            "cat > $@ <<'EOF'",
            '#include "%s.h"' % name,
            '#include "examples/%s"' % kat,
            "#define FUNC %s" % symbol,
            "#define REF %s" % ref,
            "#if KAT_NARGS == 2",
            "void REF(uint64_t out1[KAT_LIMBS], const uint64_t arg1[KAT_LIMBS], const uint64_t arg2[KAT_LIMBS]);",
            "#else",
            "void REF(uint64_t out1[KAT_LIMBS], const uint64_t arg1[KAT_LIMBS]);",
            "#endif",
            '#include "examples/field_test.inc"',
            "EOF",
        ]),
        testonly = True,
    )
    cc_test(
        name = name + "_test",
        srcs = [name + "_test.c", kat, "field_test.inc"],
        deps = [":" + name, ":" + name + "_ref"],
    )
    cryptopt_ct_test(
        name = name + "_ct_test",
        field = ":" + name,
        tags = kwargs.get("tags", []),
    )
