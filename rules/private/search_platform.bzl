"""cryptopt_search_platform: the toolchain of //rules/platforms:search_toolchain_type."""

def _impl(ctx):
    return [platform_common.ToolchainInfo(uarch = ctx.attr.uarch)]

cryptopt_search_platform = rule(
    implementation = _impl,
    doc = "Says which uarch the search's execution platform has (\"\": none in particular).",
    attrs = {"uarch": attr.string(doc = "The uarch tag of the execution platforms this toolchain is for.")},
)
