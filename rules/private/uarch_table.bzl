"""CPU → microarchitecture tag lookup, as measure/uarch.Tag does it.

The repository rule in uarch_repo.bzl uses it to compute the host's tag at fetch time
without running any Go. The rows are generated from measure/uarch (uarch_rows.bzl,
`cryptopt uarch --bzl`; .ci/run regenerates and diffs them); //rules:rules_test (a Go
test) checks this lookup against measure/uarch on every (vendor, family, model).
"""

load(":uarch_rows.bzl", "UARCH_ROWS")

_VENDOR_NAMES = {"AuthenticAMD": "amd", "GenuineIntel": "intel"}

_HEX = "0123456789abcdef"

_PLAIN = "abcdefghijklmnopqrstuvwxyz0123456789"

def _hex(n):
    """Lowercase hex digits of n >= 0, without a prefix (Starlark's % has no %x)."""
    if n == 0:
        return "0"
    digits = []
    for _ in range(16):
        if n == 0:
            break
        digits.append(_HEX[n % 16])
        n //= 16
    return "".join(reversed(digits))

def unknown_tag(vendor, family, model):
    """Returns the tag of a CPU the table does not know: "<vendor>-f<family>m<model>" in hex.

    Args:
      vendor: the CPUID vendor string.
      family: the display family.
      model: the display model.

    Returns:
      The tag, e.g. "amd-f1bm2" (code tuned on it is still labelled distinctly).
    """
    v = _VENDOR_NAMES.get(vendor)
    if not v:
        v = "".join([c for c in vendor.lower().elems() if c in _PLAIN])
    return "%s-f%sm%s" % (v or "unknown", _hex(family), _hex(model))

def uarch_tag(vendor, family, model):
    """Returns the tag of a CPU, as measure/uarch.Tag does.

    Args:
      vendor: the CPUID vendor string, e.g. "AuthenticAMD".
      family: the display family (base + extended), an int.
      model: the display model (extended model << 4 | base model), an int.

    Returns:
      The tag, e.g. "znver5".
    """
    for v, f, lo, hi, tag in UARCH_ROWS:
        if v == vendor and f == family and lo <= model and model <= hi:
            return tag
    return unknown_tag(vendor, family, model)
