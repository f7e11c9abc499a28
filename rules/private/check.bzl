"""The CryptoptCheck action: one proof per function, in a persistent worker where Bazel offers one."""

load(":toolchain.bzl", "cryptopt_tool")

# `cryptopt --persistent_worker` answers Bazel's JSON work requests, each run exactly as the
# standalone `cryptopt check ...` of the same arguments: a build starts a few processes for
# all its checks instead of one per function. Singleplex (one request at a time per
# process, Bazel runs several): two checks in one Go process ran no faster than one after
# the other on the loaded 2-core machine (GC stops waiting for a descheduled thread), two
# processes took half the time (docs/checker.md). Bazel's default strategy list puts the
# worker before sandboxed and local; with --strategy=CryptoptCheck=sandboxed (or local, or
# remote execution) the action runs standalone, as `cryptopt @FILE`, which reads the same
# params file.
CHECK_EXECUTION_REQUIREMENTS = {
    "requires-worker-protocol": "json",
    "supports-workers": "1",
}

def check_action(ctx, arguments, inputs, outputs, progress_message):
    """Registers one CryptoptCheck action.

    Args:
      ctx: the rule context.
      arguments: the cryptopt arguments, starting with the subcommand (check or check-go).
      inputs: the action's inputs (a list or a depset).
      outputs: the stamp files the check writes when it proves its function(s).
      progress_message: the action's progress message.
    """
    args = ctx.actions.args()
    args.add_all(arguments)

    # Workers take their arguments from a params file (the last argument); one a line.
    args.use_param_file("@%s", use_always = True)
    args.set_param_file_format("multiline")
    ctx.actions.run(
        executable = cryptopt_tool(ctx),
        arguments = [args],
        inputs = inputs,
        outputs = outputs,
        mnemonic = "CryptoptCheck",
        progress_message = progress_message,
        execution_requirements = CHECK_EXECUTION_REQUIREMENTS,
    )
