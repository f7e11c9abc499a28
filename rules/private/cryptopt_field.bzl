"""cryptopt_field: IR → optimized (or pinned) assembly → checked, linkable from C."""

load("@bazel_skylib//lib:paths.bzl", "paths")
load("@rules_cc//cc:find_cc_toolchain.bzl", "find_cc_toolchain", "use_cc_toolchain")
load("@rules_cc//cc/common:cc_common.bzl", "cc_common")
load("@rules_cc//cc/common:cc_info.bzl", "CcInfo")
load(":attrs.bzl", "FIELD_DOC", "field_attrs")
load(":catalogue.bzl", "catalogue_error", "catalogue_func")
load(":check.bzl", "check_action")
load(":providers.bzl", "CryptoptFieldInfo")
load(":toolchain.bzl", "EXEC_COMPATIBLE_WITH", "TOOLCHAIN_TYPE", "cryptopt_tool", "search_action", "search_exec_groups", "uarch_tag")

def _source(ctx):
    """Returns (curve, op, IR function name, source flags of `cryptopt ir`) or fails analysis."""
    a = ctx.attr
    where = "cryptopt_field %s: " % ctx.label
    if a.fiat_json:
        if a.curve or a.op or a.constant:
            fail(where + "give either curve/op or fiat_json/func, not both")
        if not a.func:
            fail(where + "fiat_json needs func (the function of the file, e.g. fiat_p256_mul)")
        return "", "", a.func, ["--fiat", ctx.file.fiat_json.path, "--func", a.func]
    if a.func:
        fail(where + "func is only meaningful with fiat_json")
    if not a.curve or not a.op:
        fail(where + "give curve and op (e.g. curve = \"p256\", op = \"mul\"), or fiat_json and func")
    err = catalogue_error(a.curve, a.op, a.constant)
    if err:
        fail(where + err)
    args = ["--curve", a.curve, "--op", a.op]
    if a.constant:
        args += ["--constant", str(a.constant)]
    return a.curve, a.op, catalogue_func(a.curve, a.op, a.constant), args

def _codegen_args(ctx, symbol):
    """The flags shared by optimize and emit: what the emitted code must look like."""
    args = ["--symbol", symbol]
    if ctx.attr.frame_pointer:
        args += ["--frame-pointer", ctx.attr.frame_pointer]
    if ctx.attr.aliasing:
        args += ["--aliasing", ctx.attr.aliasing]
    if ctx.attr.wipe_spills:
        args.append("--wipe-spills")
    return args

def _search_args(ctx, tag):
    args = ["--expect-uarch", tag, "--seed", str(ctx.attr.seed)]
    if ctx.attr.evals:
        args += ["--evals", str(ctx.attr.evals)]
    if ctx.attr.bets:
        args += ["--bets", str(ctx.attr.bets)]
    if ctx.attr.time_limit:
        args += ["--time-limit", ctx.attr.time_limit]
    if ctx.attr.objective:
        args += ["--objective", ctx.attr.objective]
    if ctx.attr.max_bytes:
        args += ["--max-bytes", str(ctx.attr.max_bytes)]
    if ctx.files.start:
        # Paths with a comma would split the list: refuse them here, not in the tool.
        for f in ctx.files.start:
            if "," in f.path:
                fail("cryptopt_field %s: start file %s has a comma in its path" % (ctx.label, f.path))
        args += ["--start", ",".join([f.path for f in ctx.files.start] + ["greedy"])]
    return args

def _ir_action(ctx, src_args):
    ir = ctx.actions.declare_file(ctx.label.name + ".ir.json")
    ctx.actions.run(
        executable = cryptopt_tool(ctx),
        arguments = ["ir"] + src_args + ["--format", "json", "-o", ir.path],
        inputs = [ctx.file.fiat_json] if ctx.file.fiat_json else [],
        outputs = [ir],
        mnemonic = "CryptoptIR",
        progress_message = "CryptoptIR %{label}: extracting the IR",
    )
    return ir

def _asm_action(ctx, ir, ir_args, tag, symbol):
    """CryptoptEmit (pinned genome) or CryptoptOptimize (live search); (asm, genome, report)."""
    if ctx.file.asm:
        if ctx.file.genome or ctx.files.start or ctx.attr.evals or ctx.attr.bets or ctx.attr.time_limit or ctx.attr.objective or ctx.attr.max_bytes:
            fail("cryptopt_field %s: asm (your own assembly) excludes genome and the search attributes" % ctx.label)
        return ctx.file.asm, None, None
    stem = "%s.%s" % (ctx.label.name, tag)
    asm = ctx.actions.declare_file(stem + ".S")
    report = ctx.actions.declare_file(stem + ".report.txt")
    common = ir_args + _codegen_args(ctx, symbol) + ["-o", asm.path, "--report", report.path]
    if ctx.file.genome:
        if ctx.files.start:
            fail("cryptopt_field %s: genome (pinned, no search) excludes start (a search's starting genomes)" % ctx.label)
        genome = ctx.file.genome
        ctx.actions.run(
            executable = cryptopt_tool(ctx),
            arguments = ["emit", "--genome", genome.path] + common,
            inputs = [ir, genome],
            outputs = [asm, report],
            mnemonic = "CryptoptEmit",
            progress_message = "CryptoptEmit %{label}: emitting the pinned genome for " + tag,
        )
        return asm, genome, report
    genome = ctx.actions.declare_file(stem + ".genome.json")
    search_action(
        ctx,
        arguments = common + _search_args(ctx, tag) + ["--genome-out", genome.path],
        inputs = [ir] + ctx.files.start,
        outputs = [asm, genome, report],
        baseline = ctx.attr.baseline,
        progress_message = "CryptoptOptimize %{label}: timing candidates on " + tag,
    )
    return asm, genome, report

def _check_action(ctx, ir, ir_args, obj, symbol):
    """Proves the function in obj, an object cc_common.compile made (what gets linked)."""
    stamp = ctx.actions.declare_file(obj.basename + "." + ctx.label.name + ".check.json", sibling = obj)
    args = ["check"] + ir_args + ["--object", obj.path, "--symbol", symbol, "--stamp", stamp.path]
    if ctx.attr.aliasing:
        args += ["--aliasing", ctx.attr.aliasing]
    if ctx.attr.wipe_spills:
        args.append("--wipe-spills")
    check_action(
        ctx,
        args,
        inputs = [ir, obj],
        outputs = [stamp],
        progress_message = "CryptoptCheck %{label}: proving the linked object " + obj.basename + " equivalent to its IR",
    )
    return stamp

def _header_action(ctx, ir, func, symbol, tag):
    hdr = ctx.actions.declare_file(ctx.label.name + ".h")
    args = ["header", "--fiat", ir.path, "--func", func, "--symbol", symbol, "--uarch", tag, "-o", hdr.path]
    ctx.actions.run(
        executable = cryptopt_tool(ctx),
        arguments = args,
        inputs = [ir],
        outputs = [hdr],
        mnemonic = "CryptoptHeader",
        progress_message = "CryptoptHeader %{label}: declaring " + symbol,
    )
    return hdr

def _cc_info(ctx, asm, hdr):
    """Assembles asm; returns the CcInfo a cc_* rule can depend on and the objects made."""
    cc_toolchain = find_cc_toolchain(ctx)
    features = ctx.features + ["no_copts_tokenization"]
    feature_configuration = cc_common.configure_features(
        ctx = ctx,
        cc_toolchain = cc_toolchain,
        requested_features = features,
        unsupported_features = ctx.disabled_features,
    )
    pkg_dir = paths.join(ctx.bin_dir.path, ctx.label.workspace_root, ctx.label.package)
    compilation_context, compilation_outputs = cc_common.compile(
        name = ctx.label.name,
        actions = ctx.actions,
        feature_configuration = feature_configuration,
        cc_toolchain = cc_toolchain,
        srcs = [asm],
        public_hdrs = [hdr],
        quote_includes = [pkg_dir],
    )
    linking_context, _ = cc_common.create_linking_context_from_compilation_outputs(
        name = ctx.label.name,
        actions = ctx.actions,
        feature_configuration = feature_configuration,
        cc_toolchain = cc_toolchain,
        compilation_outputs = compilation_outputs,
    )
    objects = compilation_outputs.objects + compilation_outputs.pic_objects
    return CcInfo(compilation_context = compilation_context, linking_context = linking_context), objects

def _cryptopt_field_impl(ctx):
    curve, op, func, src_args = _source(ctx)
    tag = uarch_tag(ctx, "cryptopt_field")
    symbol = ctx.attr.symbol or ctx.label.name
    ir = _ir_action(ctx, src_args)

    # Downstream actions read the IR file, never the catalogue: one source of truth.
    ir_args = ["--fiat", ir.path, "--func", func]
    asm, genome, report = _asm_action(ctx, ir, ir_args, tag, symbol)
    hdr = _header_action(ctx, ir, func, symbol, tag)
    cc_info, objects = _cc_info(ctx, asm, hdr)

    # The checker proves each object the toolchain assembled (pic and non-pic), never the text.
    stamps = [_check_action(ctx, ir, ir_args, obj, symbol) for obj in objects]
    return [
        DefaultInfo(files = depset([asm])),
        OutputGroupInfo(
            genome = depset([genome] if genome else []),
            report = depset([report] if report else []),
            ir = depset([ir]),
            header = depset([hdr]),
            _validation = depset(stamps),
        ),
        cc_info,
        CryptoptFieldInfo(
            curve = curve,
            op = op,
            func = func,
            uarch = tag,
            symbol = symbol,
            asm = asm,
            header = hdr,
            genome = genome,
            report = report,
            ir = ir,
            pinned = bool(ctx.file.genome or ctx.file.asm),
        ),
    ]

def _private_attrs():
    return {
        "_uarch": attr.label(
            default = "//rules:uarch",
            doc = "The microarchitecture tag build setting.",
        ),
    }

cryptopt_field = rule(
    implementation = _cryptopt_field_impl,
    doc = FIELD_DOC,
    attrs = field_attrs() | _private_attrs(),
    provides = [CcInfo, CryptoptFieldInfo],
    fragments = ["cpp"],
    toolchains = use_cc_toolchain() + [TOOLCHAIN_TYPE],
    exec_groups = search_exec_groups(),
    exec_compatible_with = EXEC_COMPATIBLE_WITH,
)
