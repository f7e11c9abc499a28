"""x25519_fields: the cryptopt_field targets one X25519 variant is built from."""

load("@rules_cc//cc:defs.bzl", "cc_library")
load("//rules:defs.bzl", "cryptopt_field")

# Each op of the ladder, and what it needs beyond curve/op.
_OPS = {
    "add": {},
    "cswap": {"aliasing": "out1-arg1"},  # swaps a pair in place
    "from_bytes": {},
    "mul": {},
    "scmul": {"constant": 121666},  # (A + 2) / 4 form of the ladder: BB + 121666·E
    "square": {},
    "sub": {},
    "to_bytes": {},
}

def x25519_fields(name, curve, **kwargs):
    """Declares <name>_<op> (symbol cryptopt_<name>_<op>) for every ladder op, and <name>.

    Each <name>_<op> is emitted from its pinned genome genomes/<name>_<op>.genome.json and
    proved by CryptoptCheck; <name> is a cc_library depending on all of them.

    Args:
      name: fe51 or fe64.
      curve: the catalogue field (curve25519 or curve25519_solinas).
      **kwargs: passed to the cc_library <name> (visibility, tags).
    """
    prefix = name
    labels = []
    for op, extra in _OPS.items():
        name = "%s_%s" % (prefix, op)
        cryptopt_field(
            name = name,
            curve = curve,
            op = op,
            genome = "genomes/%s.genome.json" % name,
            symbol = "cryptopt_" + name,
            **extra
        )
        labels.append(":" + name)
    cc_library(name = prefix, deps = labels, **kwargs)
