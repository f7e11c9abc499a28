"""CPU → microarchitecture tag table, the Starlark copy of measure/uarch's table.

The repository rule in uarch_repo.bzl uses it to compute the host's tag at fetch time
without running any Go. //rules:uarch_table_test (a Go test) checks that this table and
measure/uarch agree on every (vendor, family, model), so edit both together.
"""

# (vendor_id, family, first model, last model, tag); the first matching row wins.
# Families are the "cpu family" of /proc/cpuinfo (base + extended family).
UARCH_ROWS = [
    ("AuthenticAMD", 0x17, 0x00, 0x2f, "znver1"),
    ("AuthenticAMD", 0x17, 0x30, 0xff, "znver2"),
    ("AuthenticAMD", 0x19, 0x10, 0x1f, "znver4"),
    ("AuthenticAMD", 0x19, 0x60, 0xaf, "znver4"),
    ("AuthenticAMD", 0x19, 0x00, 0xff, "znver3"),
    ("AuthenticAMD", 0x1a, 0x00, 0xff, "znver5"),
    ("GenuineIntel", 0x06, 0x3c, 0x3c, "haswell"),
    ("GenuineIntel", 0x06, 0x3f, 0x3f, "haswell"),
    ("GenuineIntel", 0x06, 0x45, 0x45, "haswell"),
    ("GenuineIntel", 0x06, 0x46, 0x46, "haswell"),
    ("GenuineIntel", 0x06, 0x3d, 0x3d, "broadwell"),
    ("GenuineIntel", 0x06, 0x47, 0x47, "broadwell"),
    ("GenuineIntel", 0x06, 0x4f, 0x4f, "broadwell"),
    ("GenuineIntel", 0x06, 0x56, 0x56, "broadwell"),
    ("GenuineIntel", 0x06, 0x4e, 0x4e, "skylake"),
    ("GenuineIntel", 0x06, 0x5e, 0x5e, "skylake"),
    ("GenuineIntel", 0x06, 0x8e, 0x8e, "skylake"),
    ("GenuineIntel", 0x06, 0x9e, 0x9e, "skylake"),
    ("GenuineIntel", 0x06, 0xa5, 0xa5, "skylake"),
    ("GenuineIntel", 0x06, 0xa6, 0xa6, "skylake"),
    ("GenuineIntel", 0x06, 0x55, 0x55, "skylake-avx512"),
    ("GenuineIntel", 0x06, 0x66, 0x66, "cannonlake"),
    ("GenuineIntel", 0x06, 0x7d, 0x7d, "icelake"),
    ("GenuineIntel", 0x06, 0x7e, 0x7e, "icelake"),
    ("GenuineIntel", 0x06, 0x6a, 0x6a, "icelake-server"),
    ("GenuineIntel", 0x06, 0x6c, 0x6c, "icelake-server"),
    ("GenuineIntel", 0x06, 0x8c, 0x8c, "tigerlake"),
    ("GenuineIntel", 0x06, 0x8d, 0x8d, "tigerlake"),
    ("GenuineIntel", 0x06, 0xa7, 0xa7, "rocketlake"),
    ("GenuineIntel", 0x06, 0x97, 0x97, "alderlake"),
    ("GenuineIntel", 0x06, 0x9a, 0x9a, "alderlake"),
    ("GenuineIntel", 0x06, 0xbe, 0xbe, "alderlake"),
    ("GenuineIntel", 0x06, 0xb7, 0xb7, "raptorlake"),
    ("GenuineIntel", 0x06, 0xba, 0xba, "raptorlake"),
    ("GenuineIntel", 0x06, 0xbf, 0xbf, "raptorlake"),
    ("GenuineIntel", 0x06, 0xaa, 0xaa, "meteorlake"),
    ("GenuineIntel", 0x06, 0xac, 0xac, "meteorlake"),
    ("GenuineIntel", 0x06, 0xb5, 0xb5, "arrowlake"),
    ("GenuineIntel", 0x06, 0xc5, 0xc5, "arrowlake"),
    ("GenuineIntel", 0x06, 0xc6, 0xc6, "arrowlake"),
    ("GenuineIntel", 0x06, 0xbd, 0xbd, "lunarlake"),
    ("GenuineIntel", 0x06, 0x8f, 0x8f, "sapphirerapids"),
    ("GenuineIntel", 0x06, 0xcf, 0xcf, "emeraldrapids"),
    ("GenuineIntel", 0x06, 0xad, 0xad, "graniterapids"),
    ("GenuineIntel", 0x06, 0xae, 0xae, "graniterapids"),
    ("GenuineIntel", 0x06, 0xaf, 0xaf, "sierraforest"),
    ("GenuineIntel", 0x06, 0xb6, 0xb6, "grandridge"),
]

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
