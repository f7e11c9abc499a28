"""cryptopt_go_library: a Go package for a field (`cryptopt gopkg`) as a rules_go go_library.

A rule (`_cryptopt_go_srcs`) runs `cryptopt gopkg` with the Go SDK of the rules_go
toolchain, whose assembler makes the bytes each function is proved from; a macro wraps the
generated sources in rules_go's public `go_library`, so the result is an ordinary
dependency of go_library, go_binary and go_test (GoInfo/GoArchive come from go_library
itself: no rules_go internals are used). The generated test is available as
`<name>_test_srcs` for a go_test with `embed = [":<name>"]`.
"""

load("@rules_go//go:def.bzl", "go_library")
load(":catalogue.bzl", "catalogue_error")

# The generated files, by field name; the test file is separate (output group test_srcs).
_SRCS = ["{f}.go", "{f}_amd64.go", "{f}_amd64.s", "{f}_arith.go", "{f}_generic.go", "doc.go"]

# gopkg writes into a fresh directory; the action copies its files to the declared outputs.
# GOCACHE: `go tool asm` may want a build cache, and the sandbox has no HOME.
_GOPKG = 'tool="$1"; out="$2"; models="$3"; shift 3; tmp="$(mktemp -d)"; ' + \
         'GOCACHE="$tmp/cache" "$tool" gopkg -o "$tmp/pkg" --models "$tmp/models" "$@" && ' + \
         'cp "$tmp/pkg"/* "$out"/ && cp "$tmp/models"/* "$models"/; rc=$?; rm -rf "$tmp"; exit $rc'

# check-go writes its report to the stamp file $1 (the validation output).
_CHECK = 'out="$1"; shift; GOCACHE="$(mktemp -d)" "$@" > "$out"'

def _cryptopt_go_srcs_impl(ctx):
    a = ctx.attr
    for op in a.ops:
        err = catalogue_error(a.curve, op)
        if err:
            fail("cryptopt_go_library %s: %s" % (ctx.label, err))
    srcs = [ctx.actions.declare_file(ctx.label.name + "/" + s.format(f = a.curve)) for s in _SRCS]
    test = ctx.actions.declare_file("%s/%s_test.go" % (ctx.label.name, a.curve))
    models = {op: ctx.actions.declare_file("%s_models/%s.S" % (ctx.label.name, op)) for op in a.ops}
    sdk = ctx.toolchains["@rules_go//go:toolchain"].sdk
    args = ctx.actions.args()
    args.add(ctx.executable._tool)
    args.add(srcs[0].dirname)
    args.add(models[a.ops[0]].dirname)
    args.add_all(["--curve", a.curve, "--ops", ",".join(a.ops), "--package", a.package, "--go", sdk.go])
    genome_files = []
    for target, op in a.genomes.items():
        if op not in a.ops:
            fail("cryptopt_go_library %s: genome given for %r, which is not in ops" % (ctx.label, op))
        f = target.files.to_list()[0]
        genome_files.append(f)
        args.add("--genome", op + "=" + f.path)
    ctx.actions.run_shell(
        command = _GOPKG,
        arguments = [args],
        inputs = depset(genome_files + [sdk.go], transitive = [sdk.tools, sdk.headers]),
        tools = [ctx.executable._tool],
        outputs = srcs + [test] + models.values(),
        mnemonic = "CryptoptGoPkg",
        progress_message = "CryptoptGoPkg %{label}: Go package for " + a.curve + ", proved from go tool asm's bytes",
    )
    asm = srcs[2]
    stamps = [_check_action(ctx, sdk, asm, op, models[op]) for op in a.ops]
    return [
        DefaultInfo(files = depset(srcs)),
        OutputGroupInfo(test_srcs = depset([test]), _validation = depset(stamps)),
    ]

def _check_action(ctx, sdk, asm, op, model):
    """CryptoptCheck: re-proves one function from the Go assembler's bytes (a validation)."""
    stamp = ctx.actions.declare_file("%s_models/%s.check.txt" % (ctx.label.name, op))
    ctx.actions.run_shell(
        command = _CHECK,
        arguments = [
            stamp.path,
            ctx.executable._tool.path,
            "check-go",
            "--curve",
            ctx.attr.curve,
            "--op",
            op,
            "--s",
            asm.path,
            "--go-func",
            op,
            "--model",
            model.path,
            "--go",
            sdk.go.path,
        ],
        inputs = depset([asm, model, sdk.go], transitive = [sdk.tools, sdk.headers]),
        tools = [ctx.executable._tool],
        outputs = [stamp],
        mnemonic = "CryptoptCheck",
        progress_message = "CryptoptCheck %{label}: proving " + op + " from go tool asm's bytes",
    )
    return stamp

_cryptopt_go_srcs = rule(
    implementation = _cryptopt_go_srcs_impl,
    doc = "Runs `cryptopt gopkg`: the sources of a Go package for one field, each function proved.",
    attrs = {
        "curve": attr.string(mandatory = True, doc = "Catalogue field, e.g. p256."),
        "ops": attr.string_list(mandatory = True, doc = "Ops to generate: mul, square, add, sub, opp, carry."),
        "package": attr.string(mandatory = True, doc = "Go package name."),
        "genomes": attr.label_keyed_string_dict(allow_files = [".json"], doc = "Genome file → op it pins."),
        "_tool": attr.label(
            default = "//tools/cryptopt",
            executable = True,
            cfg = "exec",
            doc = "The cryptopt CLI, built for the execution platform.",
        ),
    },
    toolchains = ["@rules_go//go:toolchain"],
)

def cryptopt_go_library(name, importpath, curve, ops, genomes = {}, package = None, visibility = None, **kwargs):
    """A go_library of one field's arithmetic: Go assembly (amd64, proved) and pure Go.

    Args:
      name: target name; `<name>_test_srcs` is the generated test (package-internal, so
        use it in a go_test with `embed = [":<name>"]`).
      importpath: the Go import path.
      curve: catalogue field, e.g. "p256".
      ops: ops to generate, e.g. ["mul", "square", "add", "sub", "opp"].
      genomes: {op: genome label} pinning ops; the others use codegen's greedy genome.
      package: Go package name (default: the last element of importpath).
      visibility: of the go_library.
      **kwargs: passed to go_library.
    """
    _cryptopt_go_srcs(
        name = name + "_srcs",
        curve = curve,
        ops = ops,
        package = package or importpath.split("/")[-1],
        genomes = {label: op for op, label in genomes.items()},
        tags = kwargs.get("tags"),
    )
    go_library(name = name, srcs = [":" + name + "_srcs"], importpath = importpath, visibility = visibility, **kwargs)
    native.filegroup(
        name = name + "_test_srcs",
        srcs = [":" + name + "_srcs"],
        output_group = "test_srcs",
        tags = kwargs.get("tags"),
    )
