"""pinned_fields: the cryptopt_field targets a curve example is built from."""

load("@rules_cc//cc:defs.bzl", "cc_library")
load("//rules:defs.bzl", "cryptopt_field")

def pinned_fields(name, curve, ops, prefix, **kwargs):
    """Declares <prefix>_<op> (symbol cryptopt_<prefix>_<op>) for every op, and <name>.

    Each <prefix>_<op> is emitted from its pinned genome genomes/<prefix>_<op>.genome.json
    (in the calling package) and proved by CryptoptCheck; <name> is a cc_library depending
    on all of them.

    Args:
      name: the cc_library of all the field functions.
      curve: the catalogue field.
      ops: dict from each op to the further cryptopt_field attributes it needs.
      prefix: the target and symbol prefix.
      **kwargs: passed to the cc_library <name> (visibility, tags).
    """
    labels = []
    for op, extra in ops.items():
        target = "%s_%s" % (prefix, op)
        cryptopt_field(
            name = target,
            curve = curve,
            op = op,
            genome = "genomes/%s.genome.json" % target,
            symbol = "cryptopt_" + target,
            **extra
        )
        labels.append(":" + target)
    cc_library(name = name, deps = labels, **kwargs)
