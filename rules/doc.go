// Package rules holds the Bazel rules (Starlark) and the Go tests that keep their tables in step with the Go code.
package rules
