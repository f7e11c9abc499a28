"""weier_fields: the cryptopt_field targets one Weierstrass curve is built from."""

load("//examples:pinned_fields.bzl", "pinned_fields")

# The field ops curve.inc calls (all on the 4×64 Montgomery ABI).
WEIER_OPS = [
    "add",
    "from_bytes",
    "from_montgomery",
    "jacadd",
    "jacdbl",
    "jacmadd",
    "mul",
    "nonzero",
    "opp",
    "selectznz",
    "square",
    "sub",
    "to_bytes",
    "to_montgomery",
]

# add, sub, mul and square may write their output over their first input: curve.inc then
# calls them in place without a temporary, whose copy sat on the critical path (measured:
# P-256 k·P 1.14x faster on AMD EPYC znver5). The checker proves each in that mode.
# jacdbl (a whole Jacobian doubling, fields/jacdbl.go) likewise doubles a point in place.
# jacaddu (secp256k1 only: extra_ops) adds an affine point to the accumulator in place too.
WEIER_ATTRS = {op: {"aliasing": "out1-arg1"} for op in ["add", "sub", "mul", "square", "jacdbl", "jacaddu"]}

def weier_fields(name, curve, prefix, extra_ops = [], **kwargs):
    """pinned_fields (//examples:pinned_fields.bzl) over WEIER_OPS and extra_ops.

    Args:
      name: the cc_library of all the field functions.
      curve: the catalogue field (p256 or secp256k1_montgomery).
      prefix: the target and symbol prefix (p256 or k256).
      extra_ops: ops of this curve only (jacaddu, zaddu: secp256k1).
      **kwargs: passed to the cc_library <name> (visibility, tags).
    """
    ops = {op: WEIER_ATTRS.get(op, {}) for op in WEIER_OPS + extra_ops}
    pinned_fields(name, curve, ops, prefix, **kwargs)
