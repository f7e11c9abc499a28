"""weier_fields: the cryptopt_field targets one Weierstrass curve is built from."""

load("@rules_cc//cc:defs.bzl", "cc_library")
load("//rules:defs.bzl", "cryptopt_field")

# The field ops curve.inc calls (all on the 4×64 Montgomery ABI, built without aliasing).
_OPS = [
    "add",
    "from_bytes",
    "from_montgomery",
    "mul",
    "nonzero",
    "opp",
    "selectznz",
    "square",
    "sub",
    "to_bytes",
    "to_montgomery",
]

def weier_fields(name, curve, prefix, **kwargs):
    """Declares <prefix>_<op> (symbol cryptopt_<prefix>_<op>) for every op, and <name>.

    Each <prefix>_<op> is emitted from its pinned genome genomes/<prefix>_<op>.genome.json
    and proved by CryptoptCheck; <name> is a cc_library depending on all of them.

    Args:
      name: the cc_library of all the field functions.
      curve: the catalogue field (p256 or secp256k1_montgomery).
      prefix: the target and symbol prefix (p256 or k256).
      **kwargs: passed to the cc_library <name> (visibility, tags).
    """
    labels = []
    for op in _OPS:
        target = "%s_%s" % (prefix, op)
        cryptopt_field(
            name = target,
            curve = curve,
            op = op,
            genome = "genomes/%s.genome.json" % target,
            symbol = "cryptopt_" + target,
        )
        labels.append(":" + target)
    cc_library(name = name, deps = labels, **kwargs)
