package main

import (
	"bytes"
	"fmt"
	"os"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestChecktimeOneProcess runs the command lines of a file (CRYPTOPT_CHECKTIME: one
// cryptopt command a line, arguments separated by spaces, e.g. the examples' CryptoptCheck
// actions from tests/checktime/oneproc.sh) one after another in this process, as a
// persistent worker would (its GC setting too), and logs the CPU time (user + sys) they took: with
// -cpuprofile, where that CPU goes. Manual: skipped unless the variable is set.
func TestChecktimeOneProcess(t *testing.T) {
	path := os.Getenv("CRYPTOPT_CHECKTIME")
	if path == "" {
		t.Skip("CRYPTOPT_CHECKTIME (a file of command lines) not set")
	}
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var lines [][]string
	for _, l := range strings.Split(string(data), "\n") {
		if f := strings.Fields(l); len(f) > 0 {
			lines = append(lines, f)
		}
	}
	type timed struct {
		cpu  time.Duration
		args string
	}
	var each []timed
	setWorkerGC() // as the worker runs them
	start := cpuTime(t)
	for _, args := range lines {
		before := cpuTime(t)
		var out bytes.Buffer
		code := dispatch(&cliEnv{stdout: &out, stderr: &out}, args)
		require.Zero(t, code, "%s: %s", strings.Join(args, " "), out.String())
		each = append(each, timed{cpuTime(t) - before, strings.Join(args[:min(len(args), 5)], " ")})
	}
	total := cpuTime(t) - start
	sort.Slice(each, func(i, j int) bool { return each[i].cpu > each[j].cpu })
	for _, e := range each[:min(len(each), 10)] {
		t.Logf("%6.3f s  %s", e.cpu.Seconds(), e.args)
	}
	t.Logf("%d commands: CPU (user+sys) %.3f s", len(lines), total.Seconds())
	fmt.Printf("checktime: %d commands, CPU %.3f s\n", len(lines), total.Seconds())
}

// cpuTime is this process's user + sys time so far.
func cpuTime(t *testing.T) time.Duration {
	var ru syscall.Rusage
	require.NoError(t, syscall.Getrusage(syscall.RUSAGE_SELF, &ru))
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
