package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/rules-cryptopt/rules_cryptopt/internal/bzworker"
	"github.com/stretchr/testify/require"
)

func TestExpandParams(t *testing.T) {
	dir := t.TempDir()
	file := func(name, text string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
		return p
	}
	lines := file("lines", "check\n--symbol\n\n--x y\n")
	for _, tc := range []struct {
		name string
		args []string
		want []string
		err  string
	}{
		{"lone params file", []string{"@" + lines}, []string{"check", "--symbol", "", "--x y"}, ""},
		{"no final newline", []string{"@" + file("nonl", "a\nb")}, []string{"a", "b"}, ""},
		{"not alone: left as is", []string{"check", "@" + lines}, []string{"check", "@" + lines}, ""},
		{"plain", []string{"version"}, []string{"version"}, ""},
		{"none", nil, nil, ""},
		{"empty file", []string{"@" + file("empty", "")}, nil, "is empty"},
		{"missing file", []string{"@" + filepath.Join(dir, "nope")}, nil, "no such file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := expandParams(tc.args)
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
		})
	}
}

// checkObjects compiles poly1305 mul and assembles it twice: as it is and with a ret byte
// planted before its end (refused). It returns the source flags and both objects.
func checkObjects(t *testing.T) (src []string, good, bad string) {
	dir := t.TempDir()
	asm := filepath.Join(dir, "p.S")
	code, _, errs := runCLI("compile", "--curve", "poly1305", "--op", "mul", "--seed", "3", "-o", asm)
	require.Equal(t, 0, code, errs)
	data, err := os.ReadFile(asm)
	require.NoError(t, err)
	badAsm := filepath.Join(dir, "bad.S")
	require.NoError(t, os.WriteFile(badAsm, []byte(strings.Replace(string(data), "\tpop r15\n", "\t.byte 0xc3\n\tpop r15\n", 1)), 0o644))
	good, bad = filepath.Join(dir, "p.o"), filepath.Join(dir, "bad.o")
	for s, o := range map[string]string{asm: good, badAsm: bad} {
		out, err := exec.Command("cc", "-c", "-o", o, s).CombinedOutput()
		require.NoError(t, err, string(out))
	}
	return []string{"check", "--curve", "poly1305", "--op", "mul"}, good, bad
}

// TestParamsFileRun: `cryptopt @FILE` (how a Bazel action passes its arguments) is the
// same run as the arguments given directly.
func TestParamsFileRun(t *testing.T) {
	src, good, bad := checkObjects(t)
	dir := t.TempDir()
	for i, obj := range []string{good, bad} {
		stamp := func(how string) string { return filepath.Join(dir, fmt.Sprintf("%d.%s.json", i, how)) }
		code, out, errs := runCLI(append(src, "--object", obj, "--stamp", stamp("direct"))...)
		params := filepath.Join(dir, "check.params")
		args := append(src, "--object", obj, "--stamp", stamp("params"))
		require.NoError(t, os.WriteFile(params, []byte(strings.Join(args, "\n")+"\n"), 0o644))
		pcode, pout, perrs := runCLI("@" + params)
		require.Equal(t, code, pcode)
		require.Equal(t, out, pout)
		require.Equal(t, errs, perrs)
		direct, derr := os.ReadFile(stamp("direct"))
		viaParams, perr := os.ReadFile(stamp("params"))
		require.Equal(t, derr == nil, perr == nil)
		require.Equal(t, string(direct), string(viaParams))
	}
}

// request is one WorkRequest line of Bazel's JSON protocol.
func request(t *testing.T, id int, args ...string) string {
	data, err := json.Marshal(bzworker.Request{Arguments: args, RequestID: id})
	require.NoError(t, err)
	return string(data) + "\n"
}

// TestWorkerRequests: each request is answered as its standalone run would end: the same
// exit code, the one-line reason in the output, the same stamp, and only check and
// check-go are served.
func TestWorkerRequests(t *testing.T) {
	src, good, bad := checkObjects(t)
	dir := t.TempDir()
	stamp := func(n string) string { return filepath.Join(dir, n) }
	standalone := append(src, "--object", good, "--stamp", stamp("alone.json"))
	code, _, errs := runCLI(standalone...)
	require.Equal(t, 0, code, errs)

	in := request(t, 0, append(src, "--object", good, "--stamp", stamp("good.json"))...) +
		request(t, 0, append(src, "--object", bad, "--stamp", stamp("bad.json"))...) +
		request(t, 0, append(src, "--object", good, "--trials", "0")...) +
		request(t, 0, "optimize", "--curve", "poly1305", "--op", "mul") +
		request(t, 0, "version")
	var out bytes.Buffer
	require.NoError(t, bzworker.Serve(strings.NewReader(in), &out, workRequest, bzworker.Options{MaxParallel: 2}))
	rs := responses(t, out.String())
	require.Len(t, rs, 5)

	require.Equal(t, bzworker.Response{ExitCode: 0, Output: ""}, rs[0], "proved: nothing printed, as with --stamp alone")
	want, err := os.ReadFile(stamp("alone.json"))
	require.NoError(t, err)
	got, err := os.ReadFile(stamp("good.json"))
	require.NoError(t, err)
	require.Equal(t, string(want), string(got))

	for i, c := range []struct {
		code int
		has  string
	}{{1, "after ret"}, {2, "--trials"}, {2, "check and check-go only"}, {2, "check and check-go only"}} {
		r := rs[i+1]
		require.Equal(t, c.code, r.ExitCode, r.Output)
		require.Contains(t, r.Output, c.has)
		require.Equal(t, 1, strings.Count(strings.TrimSpace(r.Output), "\n")+1, "one line: %q", r.Output)
	}
	require.NoFileExists(t, stamp("bad.json"), "no stamp for a refused object")
}

func responses(t *testing.T, out string) []bzworker.Response {
	var rs []bzworker.Response
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		var r bzworker.Response
		require.NoError(t, json.Unmarshal(sc.Bytes(), &r), "a response per line: %q", sc.Text())
		rs = append(rs, r)
	}
	return rs
}

// TestWorkerProcess runs `cryptopt --persistent_worker` as a process: a stamp sent to
// /dev/stdout goes to stderr, not into the responses; a malformed request ends the worker
// with exit 2 and one line on stderr; closing stdin ends it with exit 0.
func TestWorkerProcess(t *testing.T) {
	src, good, _ := checkObjects(t)
	for _, tc := range []struct {
		name, in  string
		code, n   int
		stderrHas string
	}{
		{"stamp to /dev/stdout", request(t, 0, append(src, "--object", good, "--stamp", "/dev/stdout")...), 0, 1, `"proved": true`},
		{"malformed", request(t, 0, "version") + `{"arguments": [1]}`, 2, 1, "malformed work request"},
		{"closed at once", "", 0, 0, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestHelperWorker$")
			cmd.Env = append(os.Environ(), "CRYPTOPT_TEST_WORKER=1")
			cmd.Stdin = strings.NewReader(tc.in)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			code := 0
			if ee, ok := err.(*exec.ExitError); ok {
				code = ee.ExitCode()
			} else {
				require.NoError(t, err)
			}
			require.Equal(t, tc.code, code, stderr.String())
			require.Len(t, responses(t, stdout.String()), tc.n)
			require.Contains(t, stderr.String(), tc.stderrHas)
		})
	}
}

func TestHelperWorker(t *testing.T) {
	if os.Getenv("CRYPTOPT_TEST_WORKER") != "1" {
		t.Skip("helper process for TestWorkerProcess")
	}
	os.Exit(serveWorker(os.Stdin, os.Stderr))
}

// TestWorkerGC: the worker collects garbage less often than Go's default unless GOGC says
// otherwise.
func TestWorkerGC(t *testing.T) {
	old := debug.SetGCPercent(100)
	defer debug.SetGCPercent(old)
	t.Setenv("GOGC", "")
	setWorkerGC()
	require.Equal(t, workerGCPercent, debug.SetGCPercent(100))
	t.Setenv("GOGC", "50")
	setWorkerGC()
	require.Equal(t, 100, debug.SetGCPercent(100), "GOGC set: left alone")
}
