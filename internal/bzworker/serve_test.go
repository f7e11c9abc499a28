package bzworker

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// echo is a handler: "ok X" prints X and exits 0, "fail X" prints X and exits 1,
// "panic" panics.
func echo(args []string, out io.Writer) int {
	switch args[0] {
	case "ok":
		fmt.Fprintln(out, strings.Join(args[1:], " "))
		return 0
	case "fail":
		fmt.Fprintln(out, strings.Join(args[1:], " "))
		return 1
	case "panic":
		panic("boom")
	}
	fmt.Fprintln(out, "unknown")
	return 2
}

// serve runs Serve on in and returns the decoded responses and its error.
func serve(t *testing.T, in string, h Handler, par int) ([]Response, error) {
	t.Helper()
	var out strings.Builder
	err := Serve(strings.NewReader(in), &out, h, Options{MaxParallel: par})
	var rs []Response
	sc := bufio.NewScanner(strings.NewReader(out.String()))
	for sc.Scan() {
		var r Response
		require.NoError(t, json.Unmarshal(sc.Bytes(), &r), "each response is one line of JSON: %q", sc.Text())
		rs = append(rs, r)
	}
	return rs, err
}

func TestServe(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     []Response
		err      string
	}{
		{"none", "", nil, ""},
		{"one ok", `{"arguments":["ok","a","b"]}`, []Response{{0, "a b\n", 0}}, ""},
		{"singleplex in order, inputs ignored",
			`{"arguments":["fail","x"],"inputs":[{"path":"p","digest":"d"}],"verbosity":10}` + "\n" + `{"arguments":["ok","y"]}`,
			[]Response{{1, "x\n", 0}, {0, "y\n", 0}}, ""},
		{"objects without newlines between them", `{"arguments":["ok","1"]}{"arguments":["ok","2"]}`,
			[]Response{{0, "1\n", 0}, {0, "2\n", 0}}, ""},
		{"no arguments", `{"arguments":[]}`, []Response{{2, "worker: the request has no arguments\n", 0}}, ""},
		{"sandboxDir refused", `{"arguments":["ok"],"sandboxDir":"sb/1"}`,
			[]Response{{2, "worker: sandboxDir is not supported (no supports-multiplex-sandboxing)\n", 0}}, ""},
		{"cancel ignored", `{"requestId":3,"cancel":true}{"arguments":["ok","z"]}`, []Response{{0, "z\n", 0}}, ""},
		{"malformed after a good one", `{"arguments":["ok","1"]} {"arguments":`, []Response{{0, "1\n", 0}}, "malformed work request"},
		{"not JSON", "hello\n", nil, "malformed work request"},
		{"wrong type", `{"arguments":"ok"}`, nil, "malformed work request"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rs, err := serve(t, tc.in, echo, 2)
			require.Equal(t, tc.want, rs)
			if tc.err == "" {
				require.NoError(t, err)
			} else {
				require.ErrorContains(t, err, tc.err)
			}
		})
	}
}

func TestServePanicAnswersThenExits(t *testing.T) {
	rs, err := serve(t, `{"arguments":["panic"]}{"arguments":["ok","never"]}`, echo, 1)
	require.ErrorIs(t, err, errPanicked)
	require.Len(t, rs, 1, "the request after the panic is not taken")
	require.Equal(t, 2, rs[0].ExitCode)
	require.Contains(t, rs[0].Output, "worker: panic: boom")
}

func TestServeMultiplex(t *testing.T) {
	var running, peak atomic.Int32
	h := func(args []string, out io.Writer) int {
		n := running.Add(1)
		for p := peak.Load(); n > p && !peak.CompareAndSwap(p, n); p = peak.Load() {
		}
		defer running.Add(-1)
		if args[0] == "wait" { // until MaxParallel requests ran at once (or a generous while)
			for end := time.Now().Add(5 * time.Second); peak.Load() < 3 && time.Now().Before(end); {
				time.Sleep(time.Millisecond)
			}
			time.Sleep(10 * time.Millisecond) // time for more to start, were there no limit
			return 0
		}
		return echo(args, out)
	}
	var in strings.Builder
	for id := 1; id <= 8; id++ {
		fmt.Fprintf(&in, `{"arguments":["wait"],"requestId":%d}`+"\n", id)
	}
	in.WriteString(`{"arguments":["fail","last"],"requestId":9}`)
	rs, err := serve(t, in.String(), h, 3)
	require.NoError(t, err)
	sort.Slice(rs, func(i, j int) bool { return rs[i].RequestID < rs[j].RequestID })
	require.Len(t, rs, 9)
	for i, r := range rs[:8] {
		require.Equal(t, Response{0, "", i + 1}, r)
	}
	require.Equal(t, Response{1, "last\n", 9}, rs[8])
	require.EqualValues(t, 3, peak.Load(), "at most MaxParallel at once, and they overlap")
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, io.ErrClosedPipe }

func TestServeWriteError(t *testing.T) {
	err := Serve(strings.NewReader(`{"arguments":["ok"]}`), failWriter{}, echo, Options{})
	require.ErrorContains(t, err, "writing work response 0")
}
