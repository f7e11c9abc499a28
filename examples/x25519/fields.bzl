"""x25519_fields: the cryptopt_field targets one X25519 variant is built from."""

load("//examples:pinned_fields.bzl", "pinned_fields")

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

def x25519_fields(name, curve, extra_ops = [], **kwargs):
    """pinned_fields (//examples:pinned_fields.bzl) over the ladder's ops, prefix name.

    Args:
      name: fe51 or fe64.
      curve: the catalogue field (curve25519 or curve25519_solinas).
      extra_ops: further ops without attributes (ladderstep: 4×64 only).
      **kwargs: passed to the cc_library <name> (visibility, tags).
    """
    ops = dict(_OPS)
    for op in extra_ops:
        ops[op] = {}
    pinned_fields(name, curve, ops, name, **kwargs)
