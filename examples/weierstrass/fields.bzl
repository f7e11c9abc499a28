"""weier_fields: the cryptopt_field targets one Weierstrass curve is built from."""

load("//examples:pinned_fields.bzl", "pinned_fields")

# The field ops curve.inc calls (all on the 4×64 Montgomery ABI, built without aliasing).
WEIER_OPS = [
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
    """pinned_fields (//examples:pinned_fields.bzl) over WEIER_OPS.

    Args:
      name: the cc_library of all the field functions.
      curve: the catalogue field (p256 or secp256k1_montgomery).
      prefix: the target and symbol prefix (p256 or k256).
      **kwargs: passed to the cc_library <name> (visibility, tags).
    """
    pinned_fields(name, curve, {op: {} for op in WEIER_OPS}, prefix, **kwargs)
