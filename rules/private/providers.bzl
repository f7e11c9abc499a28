"""Providers of rules_cryptopt."""

CRYPTOPT_FIELD_INFO_FIELDS = {
    "curve": "string: the catalogue curve (\"\" when the function came from fiat_json)",
    "op": "string: the catalogue operation (\"\" when the function came from fiat_json)",
    "func": "string: the IR function name (func, or the catalogue's name for curve/op)",
    "uarch": "string: the microarchitecture tag the code was generated for (//rules:uarch)",
    "symbol": "string: the global symbol the .S defines and the header declares",
    "asm": "File: the assembly, <name>.<uarch>.S",
    "header": "File: the C header declaring the function, <name>.h",
    "genome": "File: the genome that reproduces asm (the pinned genome, or the one the search found); None with the asm attribute",
    "report": "File: the text report of the optimization or emission; None with the asm attribute",
    "ir": "File: the function's IR (Fiat JSON) every other action read",
    "pinned": "bool: True when asm came from a checked-in genome or file (no timing)",
}

CryptoptFieldInfo = provider(
    doc = "What a cryptopt_field target produced: the checked assembly and how it was made.",
    fields = CRYPTOPT_FIELD_INFO_FIELDS,
)

CryptoptGoLibraryInfo = provider(
    doc = "What the sources rule of a cryptopt_go_library (<name>_srcs) produced and how.",
    fields = {
        "curve": "string: the catalogue field (the representation, also with fiat_json)",
        "ops": "list of string: the generated ops",
        "uarch": "string: the microarchitecture tag the outputs are named with (//rules:uarch)",
        "genomes": "dict op → File: the genome of each op that has one (pinned or searched); other ops use the greedy genome",
        "pinned": "list of string: the ops pinned by a checked-in genome",
        "fiat_json": "File: the Fiat JSON the functions came from, or None",
        "srcs": "list of File: the library's generated sources, under <name>_srcs.<uarch>/",
    },
)
