"""cryptopt_go_library: a Go package for a field (`cryptopt gopkg`) as a rules_go go_library.

A rule (`_cryptopt_go_srcs`) runs `cryptopt gopkg` with the Go SDK of the rules_go
toolchain, whose assembler makes the bytes each function is proved from; a macro wraps the
generated sources in rules_go's public `go_library`, so the result is an ordinary
dependency of go_library, go_binary and go_test (GoInfo/GoArchive come from go_library
itself: no rules_go internals are used). The generated test is available as
`<name>_test_srcs` for a go_test with `embed = [":<name>"]`.

Like cryptopt_field, the outputs are named with the //rules:uarch tag
(`<name>_srcs.<uarch>/...`), so caches keep one result per microarchitecture, and ops
without a pinned genome are searched for on the executing CPU (CryptoptOptimize, refused
unless its tag is //rules:uarch) when `optimize = True`.
"""

load("@rules_go//go:def.bzl", "go_library")
load(":catalogue.bzl", "catalogue_error")
load(":check.bzl", "check_action")
load(":providers.bzl", "CryptoptGoLibraryInfo")
load(":toolchain.bzl", "EXEC_COMPATIBLE_WITH", "TOOLCHAIN_TYPE", "cryptopt_tool", "search_action", "search_exec_groups", "uarch_tag")

# The generated files, by field name; the test file is separate (output group test_srcs).
_SRCS = ["{f}.go", "{f}_amd64.go", "{f}_amd64.s", "{f}_arith.go", "{f}_generic.go", "doc.go"]

def _validate(ctx):
    """Fails analysis on an op the field lacks, a stray genome or an impossible search."""
    a = ctx.attr
    where = "cryptopt_go_library %s: " % ctx.label
    for op in a.ops:
        err = catalogue_error(a.curve, op)
        if err:
            fail(where + err)
    for op in a.genomes.values():
        if op not in a.ops:
            fail(where + "genome given for %r, which is not in ops" % op)
    if a.fiat_json and a.optimize:
        fail(where + "optimize searches the catalogue's IR, not fiat_json's: pin genomes found by " +
             "`cryptopt optimize --fiat FILE --func NAME --syntax go --genome-out G`")
    if not a.optimize and (a.evals or a.time_limit or a.starts):
        fail(where + "evals, time_limit and starts go with optimize = True")
    for target, op in a.starts.items():
        if op not in a.ops:
            fail(where + "start genome given for %r, which is not in ops" % op)
        if op in a.genomes.values():
            fail(where + "%r has a pinned genome (no search) and start genomes (a search's)" % op)
        for f in target.files.to_list():
            # --start is a comma-separated list: refuse here what would split it.
            if "," in f.path:
                fail(where + "start file %s has a comma in its path" % f.path)

def _search_action(ctx, tag, op):
    """CryptoptOptimize for one op: the genome of the fastest Go program found on this CPU."""
    a = ctx.attr
    stem = "%s.%s_search/%s" % (ctx.label.name, tag, op)
    genome = ctx.actions.declare_file(stem + ".genome.json")
    asm = ctx.actions.declare_file(stem + ".s")
    report = ctx.actions.declare_file(stem + ".report.txt")
    args = [
        "--curve",
        a.curve,
        "--op",
        op,
        "--syntax",
        "go",
        "--expect-uarch",
        tag,
        "--seed",
        str(a.seed),
        "--genome-out",
        genome.path,
        "-o",
        asm.path,
        "--report",
        report.path,
    ]
    if a.evals:
        args += ["--evals", str(a.evals)]
    if a.time_limit:
        args += ["--time-limit", a.time_limit]
    starts = [f for target, o in a.starts.items() if o == op for f in target.files.to_list()]
    if starts:
        args += ["--start", ",".join([f.path for f in starts] + ["greedy"])]
    search_action(
        ctx,
        arguments = args,
        inputs = starts,
        outputs = [genome, asm, report],
        baseline = "auto",
        progress_message = "CryptoptOptimize %{label}: timing Go candidates of " + op + " on " + tag,
    )
    return genome, report

def _genomes(ctx, tag):
    """{op: genome File} (pinned or searched) and the search reports."""
    genomes = {op: target.files.to_list()[0] for target, op in ctx.attr.genomes.items()}
    reports = []
    if ctx.attr.optimize:
        for op in ctx.attr.ops:
            if op not in genomes:
                genomes[op], report = _search_action(ctx, tag, op)
                reports.append(report)
    return genomes, reports

def _cryptopt_go_srcs_impl(ctx):
    _validate(ctx)
    a = ctx.attr
    tag = uarch_tag(ctx, "cryptopt_go_library")
    out = "%s.%s" % (ctx.label.name, tag)
    srcs = [ctx.actions.declare_file(out + "/" + s.format(f = a.curve)) for s in _SRCS]
    test = ctx.actions.declare_file("%s/%s_test.go" % (out, a.curve))
    models = {op: ctx.actions.declare_file("%s_models/%s.S" % (out, op)) for op in a.ops}
    sdk = ctx.toolchains["@rules_go//go:toolchain"].sdk
    genomes, reports = _genomes(ctx, tag)
    args = ctx.actions.args()

    # gopkg writes into the (empty) directories Bazel made for the declared outputs.
    args.add_all(["gopkg", "-o", srcs[0].dirname, "--models", models[a.ops[0]].dirname])
    args.add_all(["--curve", a.curve, "--ops", ",".join(a.ops), "--package", a.package, "--go", sdk.go])
    inputs = list(genomes.values())
    if a.fiat_json:
        args.add("--fiat", ctx.file.fiat_json)
        inputs.append(ctx.file.fiat_json)
    for op in a.ops:
        if op in genomes:
            args.add("--genome", op + "=" + genomes[op].path)
    ctx.actions.run(
        executable = cryptopt_tool(ctx),
        arguments = [args],
        inputs = depset(inputs + [sdk.go], transitive = [sdk.tools, sdk.headers]),
        outputs = srcs + [test] + models.values(),
        mnemonic = "CryptoptGoPkg",
        progress_message = "CryptoptGoPkg %{label}: Go package for " + a.curve + " (" + tag + "), proved from go tool asm's bytes",
    )
    stamps = _check_action(ctx, sdk, srcs[2], models)
    return [
        DefaultInfo(files = depset(srcs)),
        OutputGroupInfo(
            test_srcs = depset([test]),
            genome = depset(genomes.values()),
            report = depset(reports),
            _validation = depset(stamps),
        ),
        CryptoptGoLibraryInfo(
            curve = a.curve,
            ops = a.ops,
            uarch = tag,
            genomes = genomes,
            pinned = sorted(a.genomes.values()),
            fiat_json = ctx.file.fiat_json,
            srcs = srcs,
        ),
    ]

def _check_action(ctx, sdk, asm, models):
    """CryptoptCheck: re-proves every function from the Go assembler's bytes (a validation).

    One action for the package: `check-go --ops` runs the assembler once and proves each
    function as its own `--op` run would, writing a stamp per function, all or none (a
    function that fails fails the action, named in its message). One action per function
    cost more in Bazel's and the worker's per-action work than in proofs (docs/checker.md).
    """
    stamps = [
        ctx.actions.declare_file(model.basename[:-len(".S")] + ".check.json", sibling = model)
        for model in models.values()
    ]
    args = [
        "check-go",
        "--curve",
        ctx.attr.curve,
        "--ops",
        ",".join(models.keys()),
        "--s",
        asm.path,
        "--models",
        stamps[0].dirname,
        "--go",
        sdk.go.path,
        "--stamps",
        stamps[0].dirname,
    ]
    inputs = [asm, sdk.go] + models.values()
    if ctx.file.fiat_json:
        args += ["--field-fiat", ctx.file.fiat_json.path]
        inputs.append(ctx.file.fiat_json)
    check_action(
        ctx,
        args,
        inputs = depset(inputs, transitive = [sdk.tools, sdk.headers]),
        outputs = stamps,
        progress_message = "CryptoptCheck %{label}: proving " + ", ".join(models.keys()) + " from go tool asm's bytes",
    )
    return stamps

_cryptopt_go_srcs = rule(
    implementation = _cryptopt_go_srcs_impl,
    doc = "Runs `cryptopt gopkg`: the sources of a Go package for one field, each function proved.",
    attrs = {
        "curve": attr.string(mandatory = True, doc = "Catalogue field, e.g. p256 (with fiat_json: the representation)."),
        "ops": attr.string_list(mandatory = True, doc = "Ops to generate: mul, square, add, sub, opp, carry."),
        "package": attr.string(mandatory = True, doc = "Go package name."),
        "genomes": attr.label_keyed_string_dict(allow_files = [".json"], doc = "Genome file → op it pins."),
        "fiat_json": attr.label(allow_single_file = [".json"], doc = "Fiat JSON whose functions replace curve's IR (gopkg --fiat)."),
        "starts": attr.label_keyed_string_dict(allow_files = [".json"], doc = "Search: genome file → op whose search starts a bet from it (a warm start), in the order given; greedy follows."),
        "optimize": attr.bool(doc = "Search (CryptoptOptimize) each op without a pinned genome on the executing CPU."),
        "seed": attr.int(default = 1, doc = "Search: random seed."),
        "evals": attr.int(doc = "Search: evaluations per op (0: the tool's default)."),
        "time_limit": attr.string(doc = "Search: wall-time limit per op, a Go duration (\"\": none)."),
        "_uarch": attr.label(
            default = "//rules:uarch",
            doc = "The microarchitecture tag build setting.",
        ),
    },
    toolchains = ["@rules_go//go:toolchain", TOOLCHAIN_TYPE],
    exec_groups = search_exec_groups(),
    exec_compatible_with = EXEC_COMPATIBLE_WITH,
)

def cryptopt_go_library(
        name,
        importpath,
        curve,
        ops,
        genomes = {},
        starts = {},
        fiat_json = None,
        optimize = False,
        seed = 1,
        evals = 0,
        time_limit = "",
        package = None,
        visibility = None,
        **kwargs):
    """A go_library of one field's arithmetic: Go assembly (amd64, proved) and pure Go.

    Args:
      name: target name; `<name>_test_srcs` is the generated test (package-internal, so
        use it in a go_test with `embed = [":<name>"]`); `<name>_srcs` carries
        CryptoptGoLibraryInfo and the output groups `genome` and `report`.
      importpath: the Go import path.
      curve: catalogue field, e.g. "p256"; with fiat_json it gives the representation
        (limb weights, Montgomery or not) that Fiat JSON does not carry.
      ops: ops to generate, e.g. ["mul", "square", "add", "sub", "opp"].
      genomes: {op: genome label} pinning ops (emitted deterministically, any uarch).
      starts: {op: [genome labels]}: with optimize, the search of op starts bet 0 from the
        first file, bet 1 from the second, ..., then codegen's greedy genome (`optimize
        --start files,greedy`), e.g. the genomes of op tuned on other CPUs (a warm start);
        bet 0's start also races at the end. An op with starts cannot be pinned in genomes.
      fiat_json: a Fiat JSON file whose functions are used instead of the catalogue's IR,
        each checked to have curve's bounds and to agree with it (`gopkg --fiat`).
      optimize: search each op without a pinned genome on the executing CPU (its uarch tag
        must be //rules:uarch); False: those ops use codegen's greedy genome.
      seed: search seed.
      evals: search evaluations per op (0: the tool's default).
      time_limit: search wall-time limit per op, e.g. "20s".
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
        starts = {label: op for op, labels in starts.items() for label in labels},
        fiat_json = fiat_json,
        optimize = optimize,
        seed = seed,
        evals = evals,
        time_limit = time_limit,
        tags = kwargs.get("tags"),
    )
    go_library(name = name, srcs = [":" + name + "_srcs"], importpath = importpath, visibility = visibility, **kwargs)
    native.filegroup(
        name = name + "_test_srcs",
        srcs = [":" + name + "_srcs"],
        output_group = "test_srcs",
        tags = kwargs.get("tags"),
    )
