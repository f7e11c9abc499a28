"""The Starlark copy of the field catalogue's names (curve → operations).

cryptopt_field checks curve/op against it at analysis time, so a typo fails with a clear
message before anything runs. //rules:tables_test (a Go test) checks it against the
fields package, so edit both together.
"""

# Each catalogue field and its operations. `cryptopt ir --curve C --op O` names the
# function "C_O" (fields.Field.Func).
CATALOGUE = {
    "curve25519": ["mul", "square", "add", "sub", "opp", "carry", "scmul", "from_bytes", "to_bytes", "cswap"],
    "curve25519_solinas": ["mul", "square", "add", "sub", "opp", "scmul", "from_bytes", "to_bytes", "cswap", "ladderstep"],
    "p224": ["mul", "square", "add", "sub", "opp"],
    "p256": ["mul", "square", "add", "sub", "opp", "from_montgomery", "to_montgomery", "from_bytes", "to_bytes", "selectznz", "nonzero", "jacdbl", "jacadd", "jacmadd"],
    "p384": ["mul", "square", "add", "sub", "opp"],
    "p434": ["mul", "square", "add", "sub", "opp"],
    "p448_saturated": ["mul", "square", "add", "sub", "opp"],
    "p448_solinas": ["mul", "square", "add", "sub", "opp", "carry"],
    "p521": ["mul", "square", "add", "sub", "opp", "carry"],
    "poly1305": ["mul", "square", "add", "sub", "opp", "carry"],
    "secp256k1_dettman": ["mul", "square", "add", "sub", "opp"],
    "secp256k1_montgomery": ["mul", "square", "add", "sub", "opp", "from_montgomery", "to_montgomery", "from_bytes", "to_bytes", "selectznz", "nonzero", "jacdbl", "jacadd", "jacmadd", "jacaddu", "zaddu"],
    "sm2": ["mul", "square", "add", "sub", "opp"],
}

# The ops whose IR also depends on a constant (`cryptopt ir --op scmul --constant K`).
CONSTANT_OPS = ["scmul"]

def catalogue_func(curve, op, constant = 0):
    """Returns the name of the IR function `cryptopt ir --curve curve --op op` writes.

    Args:
      curve: the catalogue curve.
      op: the operation.
      constant: the constant of an op in CONSTANT_OPS (scmul by K is named curve_scmul_K).

    Returns:
      The IR function name.
    """
    if op in CONSTANT_OPS:
        return "%s_%s_%d" % (curve, op, constant)
    return curve + "_" + op

def catalogue_error(curve, op, constant = 0):
    """Returns "" when curve/op is in the catalogue, else a message saying what is.

    Args:
      curve: the requested curve.
      op: the requested operation.
      constant: the constant attribute (required for, and only for, CONSTANT_OPS; its
        upper limit depends on the limbs and is checked by the tool).

    Returns:
      The error message, "" when there is none.
    """
    if curve not in CATALOGUE:
        return "unknown curve %r; the catalogue has: %s" % (curve, ", ".join(sorted(CATALOGUE.keys())))
    if op not in CATALOGUE[curve]:
        return "curve %r has no operation %r; it has: %s" % (curve, op, ", ".join(CATALOGUE[curve]))
    if op in CONSTANT_OPS and constant < 1:
        return "op %r needs constant (e.g. constant = 121666)" % op
    if op not in CONSTANT_OPS and constant != 0:
        return "constant is only for the ops %s" % ", ".join(CONSTANT_OPS)
    return ""
