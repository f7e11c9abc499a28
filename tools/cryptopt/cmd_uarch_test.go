package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/measure/uarch"
)

func TestCmdUarch(t *testing.T) {
	info := uarch.Detect()
	code, out, _ := runCLI("uarch")
	require.Equal(t, 0, code)
	require.Equal(t, info.Tag+"\n", out)

	code, out, _ = runCLI("uarch", "-v")
	require.Equal(t, 0, code)
	require.Contains(t, out, "tag:       "+info.Tag+"\n")
	require.Contains(t, out, "model:     "+info.Model+"\n")
	require.Contains(t, out, "supported: ")

	code, _, errOut := runCLI("uarch", "extra")
	require.Equal(t, 2, code)
	require.Equal(t, 1, strings.Count(errOut, "\n"))
}

func TestCmdVersion(t *testing.T) {
	code, out, _ := runCLI("version")
	require.Equal(t, 0, code)
	require.Equal(t, "cryptopt "+Version+"\n", out)
	code, _, _ = runCLI("version", "-x")
	require.Equal(t, 2, code)
}
