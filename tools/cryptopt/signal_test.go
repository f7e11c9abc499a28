package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestOptimizeSignals: Ctrl-C, SIGTERM, a closed terminal (SIGHUP) and a gone reader
// (SIGPIPE) all end the search with the best so far: every output complete, no
// temporary file left, exit 0.
func TestOptimizeSignals(t *testing.T) {
	needTimingCPU(t)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGPIPE} {
		t.Run(sig.String(), func(t *testing.T) {
			dir := t.TempDir()
			out := func(n string) string { return filepath.Join(dir, n) }
			args := []string{"optimize", "--curve", "p256", "--op", "mul", "--evals", "10000000",
				"--baseline", "none", "--batches", "3", "-o", out("out.S"), "--genome-out", out("g.json"),
				"--trace", out("t.csv"), "--plot", out("p.svg")}
			var stdout, stderr bytes.Buffer
			var err error
			// The signal must land after the first evaluation; on a loaded machine set-up can
			// take longer than the first wait, so a run stopped before it is retried later.
			for _, wait := range []time.Duration{3 * time.Second, 10 * time.Second, 30 * time.Second} {
				stdout.Reset()
				stderr.Reset()
				cmd := exec.Command(os.Args[0], "-test.run=^TestHelperCLI$")
				cmd.Env = append(os.Environ(), "CRYPTOPT_TEST_CLI=1", "CRYPTOPT_TEST_ARGS="+strings.Join(args, "\x1f"))
				cmd.Stdout, cmd.Stderr = &stdout, &stderr
				require.NoError(t, cmd.Start())
				time.Sleep(wait)
				require.NoError(t, cmd.Process.Signal(sig))
				if err = cmd.Wait(); err == nil || !strings.Contains(stderr.String(), "before any evaluation") {
					break
				}
			}
			require.NoError(t, err, "stderr: %s", stderr.String())
			require.Contains(t, stdout.String(), "stopped by cancelled", stderr.String())
			require.ElementsMatch(t, []string{"out.S", "g.json", "t.csv", "p.svg"}, listDir(t, dir), "complete outputs, no temporaries")
			for n, want := range map[string]string{"out.S": "# genome-hash: ", "g.json": `"format": "cryptopt-genome/1"`,
				"t.csv": traceHeader, "p.svg": "<svg"} {
				data, err := os.ReadFile(out(n))
				require.NoError(t, err)
				require.Contains(t, string(data), want, n)
			}
		})
	}
}

// TestOptimizeStdoutGone: with the assembly on a closed pipe (`| head` that exited), the
// files named on the command line are still committed and the failure is one line.
func TestOptimizeStdoutGone(t *testing.T) {
	needTimingCPU(t)
	dir := t.TempDir()
	args := []string{"optimize", "--curve", "p256", "--op", "mul", "--evals", "20", "--bets", "1",
		"--baseline", "none", "--batches", "3", "--genome-out", filepath.Join(dir, "g.json")}
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperCLI$")
	cmd.Env = append(os.Environ(), "CRYPTOPT_TEST_CLI=1", "CRYPTOPT_TEST_ARGS="+strings.Join(args, "\x1f"))
	r, w, err := os.Pipe()
	require.NoError(t, err)
	r.Close() // the reader is gone before anything is written
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = w, &stderr
	require.NoError(t, cmd.Start())
	w.Close()
	err = cmd.Wait()
	var ee *exec.ExitError
	require.ErrorAs(t, err, &ee, "stderr: %s", stderr.String())
	require.Equal(t, 2, ee.ExitCode(), "a clean error, not death by SIGPIPE: %s", stderr.String())
	require.Contains(t, stderr.String(), "broken pipe")
	require.Equal(t, []string{"g.json"}, listDir(t, dir))
}
