// Package testenv lets tests skip when an outside input (a tool, the Fiat data) is missing, except in CI, where CRYPTOPT_REQUIRE_ALL=1 turns every such skip into a failure.
package testenv
