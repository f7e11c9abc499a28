"""pinned_fields: the cryptopt_field targets a curve example is built from."""

load("@rules_cc//cc:defs.bzl", "cc_library")
load("//rules:defs.bzl", "cryptopt_field")

def pinned_fields(name, curve, ops, prefix, **kwargs):
    """Declares <prefix>_<op> (symbol cryptopt_<prefix>_<op>) for every op, and <name>.

    Each <prefix>_<op> is emitted from its pinned genome genomes/<prefix>_<op>.genome.json
    (in the calling package) and proved by CryptoptCheck; <name> is a cc_library depending
    on all of them. A genome tuned on one microarchitecture may be slower on another, so
    genomes/<tag>/<prefix>_<op>.genome.json, where present, replaces it when the build's
    //rules:uarch is <tag> (a select on //rules/platforms:is_<tag>).

    Args:
      name: the cc_library of all the field functions.
      curve: the catalogue field.
      ops: dict from each op to the further cryptopt_field attributes it needs.
      prefix: the target and symbol prefix.
      **kwargs: passed to the cc_library <name> (visibility, tags); tags also to each field.
    """
    labels = []
    for op, extra in ops.items():
        target = "%s_%s" % (prefix, op)
        cryptopt_field(
            name = target,
            curve = curve,
            op = op,
            genome = _pinned_genome(target),
            symbol = "cryptopt_" + target,
            tags = kwargs.get("tags", []),
            **extra
        )
        labels.append(":" + target)
    cc_library(name = name, deps = labels, **kwargs)

def _pinned_genome(target):
    """genomes/<target>.genome.json, or a select over the per-uarch genomes beside it."""
    default = "genomes/%s.genome.json" % target
    tuned = native.glob(["genomes/*/%s.genome.json" % target], allow_empty = True)
    if not tuned:
        return default
    cases = {"//conditions:default": default}
    for path in tuned:
        cases[Label("//rules/platforms:is_" + path.split("/")[1])] = path
    return select(cases)
