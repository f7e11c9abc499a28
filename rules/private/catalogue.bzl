"""The Starlark copy of the field catalogue's names (curve → operations).

cryptopt_field checks curve/op against it at analysis time, so a typo fails with a clear
message before anything runs. //rules:tables_test (a Go test) checks it against the
fields package, so edit both together.
"""

# Each catalogue field and its operations. `cryptopt ir --curve C --op O` names the
# function "C_O" (fields.Field.Func).
CATALOGUE = {
    "curve25519": ["mul", "square", "add", "sub", "opp", "carry"],
    "curve25519_solinas": ["mul", "square", "add", "sub", "opp"],
    "p224": ["mul", "square", "add", "sub", "opp"],
    "p256": ["mul", "square", "add", "sub", "opp"],
    "p384": ["mul", "square", "add", "sub", "opp"],
    "p434": ["mul", "square", "add", "sub", "opp"],
    "p448_solinas": ["mul", "square", "add", "sub", "opp", "carry"],
    "p521": ["mul", "square", "add", "sub", "opp", "carry"],
    "poly1305": ["mul", "square", "add", "sub", "opp", "carry"],
    "secp256k1_dettman": ["mul", "square", "add", "sub", "opp"],
    "secp256k1_montgomery": ["mul", "square", "add", "sub", "opp"],
    "sm2": ["mul", "square", "add", "sub", "opp"],
}

def catalogue_func(curve, op):
    """Returns the name of the IR function `cryptopt ir --curve curve --op op` writes."""
    return curve + "_" + op

def catalogue_error(curve, op):
    """Returns "" when curve/op is in the catalogue, else a message saying what is.

    Args:
      curve: the requested curve.
      op: the requested operation.

    Returns:
      The error message, "" when there is none.
    """
    if curve not in CATALOGUE:
        return "unknown curve %r; the catalogue has: %s" % (curve, ", ".join(sorted(CATALOGUE.keys())))
    if op not in CATALOGUE[curve]:
        return "curve %r has no operation %r; it has: %s" % (curve, op, ", ".join(CATALOGUE[curve]))
    return ""
