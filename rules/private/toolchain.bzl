"""The cryptopt toolchain, the search exec group, and what the rules share about them.

Every action of the rules runs the `cryptopt` tool of the resolved
`@rules_cryptopt//rules:toolchain_type` toolchain, so a team can register a prebuilt or
remotely built tool instead of building it from source. The search (CryptoptOptimize)
runs in the exec group "search": its execution platform is resolved separately, so that
only the search goes to a per-uarch execution platform (rules/platforms).
"""

load("@bazel_skylib//lib:paths.bzl", "paths")
load("@bazel_skylib//rules:common_settings.bzl", "BuildSettingInfo")

TOOLCHAIN_TYPE = Label("//rules:toolchain_type")

# Resolved in the search exec group only: per uarch tag, a toolchain that needs an
# execution platform with that tag's constraint when //rules:uarch is the tag
# (rules/platforms/BUILD.bazel), else one that needs a platform without a uarch.
SEARCH_TOOLCHAIN_TYPE = Label("//rules/platforms:search_toolchain_type")

_CC_TOOLCHAIN_TYPE = Label("@bazel_tools//tools/cpp:toolchain_type")

# Actions other than the search run on execution platforms without a uarch constraint:
# a per-uarch pool is for timing, not for everything registered before the host.
EXEC_COMPATIBLE_WITH = [str(Label("//rules/platforms:none"))]

SEARCH = "search"

def search_exec_groups():
    """The rules' exec groups: "search", with the tool and the C baseline compiler.

    Returns:
      A dict for rule(exec_groups = ...).
    """
    return {SEARCH: exec_group(toolchains = [
        TOOLCHAIN_TYPE,
        SEARCH_TOOLCHAIN_TYPE,
        # The report's C baseline; without a C toolchain the report has none.
        config_common.toolchain_type(_CC_TOOLCHAIN_TYPE, mandatory = False),
    ])}

def cryptopt_tool(ctx, exec_group = None):
    """The cryptopt tool of the resolved toolchain (of exec_group, else the rule's).

    Args:
      ctx: the rule context.
      exec_group: the exec group the action runs in, None for the default one.

    Returns:
      The tool's FilesToRunProvider, for ctx.actions.run(executable = ...).
    """
    toolchains = ctx.exec_groups[exec_group].toolchains if exec_group else ctx.toolchains
    return toolchains[TOOLCHAIN_TYPE].cryptopt

def uarch_tag(ctx, rule_name):
    """The //rules:uarch tag, or fails analysis on one unfit for file names.

    Args:
      ctx: the rule context (with the _uarch attribute).
      rule_name: the rule's name, for the message.

    Returns:
      The tag.
    """
    tag = ctx.attr._uarch[BuildSettingInfo].value
    if not tag or not all([c.isalnum() or c in "-_" for c in tag.elems()]):
        fail("%s %s: //rules:uarch is %r, want a tag like znver5 or icelake" % (rule_name, ctx.label, tag))
    return tag

def search_action(ctx, arguments, inputs, outputs, baseline, progress_message):
    """Runs `cryptopt optimize ARGUMENTS` in the search exec group.

    The C baseline of the report is compiled with the search platform's C compiler (the
    cc toolchain's, named by path, with its directory as the only PATH entry), never with
    whatever is on the PATH of the machine that runs the action; none without a C
    toolchain or when baseline is "none".

    Args:
      ctx: the rule context.
      arguments: the optimize flags (a list of strings).
      inputs: a list of the input Files.
      outputs: a list of the output Files.
      baseline: the rule's baseline attribute: "auto" (the cc toolchain's compiler), "none",
        or a compiler name looked up in the cc toolchain compiler's directory.
      progress_message: the action's progress message.
    """
    cc = ctx.exec_groups[SEARCH].toolchains[_CC_TOOLCHAIN_TYPE]
    env = {}
    tools = []
    if baseline == "none" or not cc:
        arguments = arguments + ["--baseline", "none"]
    else:
        compiler = cc.cc.compiler_executable
        arguments = arguments + ["--baseline", compiler if baseline == "auto" else baseline]

        # gcc finds as and ld (collect2) through PATH: the compiler's own directory.
        env["PATH"] = paths.dirname(compiler)
        tools = [cc.cc.all_files]
    ctx.actions.run(
        executable = cryptopt_tool(ctx, SEARCH),
        arguments = ["optimize"] + arguments,
        inputs = depset(inputs, transitive = tools),
        outputs = outputs,
        env = env,
        exec_group = SEARCH,
        mnemonic = "CryptoptOptimize",
        progress_message = progress_message,
    )

def _cryptopt_toolchain_impl(ctx):
    tool = ctx.attr.cryptopt[DefaultInfo].files_to_run
    return [platform_common.ToolchainInfo(cryptopt = tool)]

cryptopt_toolchain = rule(
    implementation = _cryptopt_toolchain_impl,
    doc = """\
Declares a cryptopt tool for `toolchain(toolchain_type = "@rules_cryptopt//rules:toolchain_type")`.

rules_cryptopt registers one built from source (`@rules_cryptopt//rules:cryptopt_toolchain`).
A team can register its own first, e.g. a prebuilt binary for its remote workers:

    cryptopt_toolchain(name = "prebuilt", cryptopt = "@cryptopt_bin//:cryptopt")
    toolchain(
        name = "prebuilt_toolchain",
        toolchain = ":prebuilt",
        toolchain_type = "@rules_cryptopt//rules:toolchain_type",
        exec_compatible_with = ["@platforms//os:linux", "@platforms//cpu:x86_64"],
    )

and `register_toolchains("//:prebuilt_toolchain")` in its MODULE.bazel.
""",
    attrs = {
        "cryptopt": attr.label(
            mandatory = True,
            executable = True,
            allow_files = True,
            cfg = "exec",
            doc = "The cryptopt executable (a go_binary, or a prebuilt file).",
        ),
    },
)
