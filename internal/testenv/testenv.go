package testenv

import (
	"fmt"
	"os"
	"os/exec"
	"testing"
)

// RequireAllEnv names the variable that .ci/run sets to 1: a missing input then fails the
// test instead of skipping it, so that CI cannot pass by checking nothing.
const RequireAllEnv = "CRYPTOPT_REQUIRE_ALL"

// Required reports whether missing inputs must fail tests.
func Required() bool { return os.Getenv(RequireAllEnv) == "1" }

// Missing skips tb, saying why, or fails it when Required.
func Missing(tb testing.TB, format string, args ...any) {
	tb.Helper()
	msg := fmt.Sprintf(format, args...)
	if Required() {
		tb.Fatalf("%s (%s=1: CI needs it)", msg, RequireAllEnv)
		return
	}
	tb.Skip(msg)
}

// Tool is the path of the first of names found on PATH; when none is, it calls Missing.
func Tool(tb testing.TB, names ...string) string {
	tb.Helper()
	for _, n := range names {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
	}
	Missing(tb, "%v not on PATH", names)
	return ""
}
