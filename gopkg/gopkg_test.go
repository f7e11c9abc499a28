package gopkg

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/checker"
	"github.com/rules-cryptopt/rules_cryptopt/fields"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
	"github.com/rules-cryptopt/rules_cryptopt/x86/goasm"
)

func goCmd(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH: the proof needs the Go assembler")
	}
	return p
}

func config(t *testing.T, field string, ops ...string) Config {
	F, err := fields.Lookup(field)
	require.NoError(t, err)
	return Config{Package: "fe", Field: F, Ops: ops, GoCmd: goCmd(t), Command: "test"}
}

// TestGeneratedPackageVetsAndTests writes a package into a scratch module and runs go vet
// (asmdecl checks frame and argument sizes against the declarations) and its generated
// test through the assembly and, with -tags purego, through the fallback only.
func TestGeneratedPackageVetsAndTests(t *testing.T) {
	if os.Getenv("GOCACHE") == "" && os.Getenv("HOME") == "" && os.Getenv("XDG_CACHE_HOME") == "" {
		t.Skip("no Go build cache (GOCACHE and HOME unset, as in Bazel's test sandbox): go test ./... runs this")
	}
	c := config(t, "poly1305", "mul", "square", "add", "sub", "opp", "carry")
	files, _, err := Generate(context.Background(), c)
	require.NoError(t, err)
	vetAndTest(t, c, files)
}

// vetAndTest writes files as a package of a scratch module and runs go vet and its test,
// through the assembly and with -tags purego.
func vetAndTest(t *testing.T, c Config, files map[string][]byte) {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/fe\n\ngo 1.26\n"), 0o644))
	for name, data := range files {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), data, 0o644))
	}
	for _, args := range [][]string{{"vet", "./..."}, {"test", "-short", "./..."}, {"test", "-short", "-tags", "purego", "./..."}} {
		cmd := exec.Command(c.GoCmd, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=-buildvcs=false", "GOWORK=off")
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "go %s: %s", strings.Join(args, " "), out)
	}
}

// built generates and assembles one op, returning it and the Go assembler's symbol.
func built(t *testing.T, field, name string) (*op, *goasm.Symbol) {
	c := config(t, field, name)
	o, err := build(c, name)
	require.NoError(t, err)
	text, err := asmFile(c, []*op{o})
	require.NoError(t, err)
	syms, err := goasm.Assemble(context.Background(), c.GoCmd, "x/fe", text)
	require.NoError(t, err)
	sym := syms["x/fe."+name]
	require.NotNil(t, sym)
	require.NoError(t, goasm.Verify(o.asm, sym))
	return o, sym
}

// TestVerifyRejectsOtherBytes: any byte of the Go assembler's output that differs from
// the model is refused (so the proof is of those bytes).
func TestVerifyRejectsOtherBytes(t *testing.T) {
	o, sym := built(t, "curve25519", "mul")
	for _, i := range []int{0, 5, len(sym.Code) / 2, len(sym.Code) - 1} {
		bad := *sym
		bad.Code = append([]byte(nil), sym.Code...)
		bad.Code[i] ^= 0x08
		require.Error(t, goasm.Verify(o.asm, &bad), "byte %d flipped", i)
	}
	extra := *sym
	extra.Relocs = 1
	require.ErrorContains(t, goasm.Verify(o.asm, &extra), "relocations")
	// An argument load from the wrong slot (the model of FP offsets must be exact).
	f := *o.asm
	f.Params = []string{"out1", "arg2", "arg1"}
	f.Frame += 8
	require.Error(t, goasm.Verify(&f, sym))
}

// TestCheckerRejectsWrongBody: the program the checker proves is the one Verify matched;
// a changed body is not proved.
func TestCheckerRejectsWrongBody(t *testing.T) {
	o, _ := built(t, "p256", "add")
	f := *o.asm
	f.Body = append([]x86.Inst(nil), f.Body...)
	changed := false
	for i, in := range f.Body {
		if in.Op == x86.ADD || in.Op == x86.ADC || in.Op == x86.ADCX || in.Op == x86.ADOX {
			f.Body[i].Op = x86.SUB // an addition becomes a subtraction
			changed = true
			break
		}
	}
	require.True(t, changed)
	rep, err := checker.Check(o.raw, Model("p256", "add", &f), checker.Options{Seed: 1})
	require.NoError(t, err)
	require.False(t, rep.Proved)
	rep, err = checker.Check(o.raw, Model("p256", "add", o.asm), checker.Options{Seed: 1})
	require.NoError(t, err)
	require.True(t, rep.Proved)
}

// TestLadderStepPackage: packages with the composite ops (ladder step, Jacobian doubling)
// vet and pass their generated tests (assembly against the pure Go, the ladder step also
// against math/big, out == in) both ways.
func TestLadderStepPackage(t *testing.T) {
	if os.Getenv("GOCACHE") == "" && os.Getenv("HOME") == "" && os.Getenv("XDG_CACHE_HOME") == "" {
		t.Skip("no Go build cache (GOCACHE and HOME unset, as in Bazel's test sandbox): go test ./... runs this")
	}
	for _, tc := range []struct{ field, op, want string }{
		{"curve25519_solinas", fields.OpLadderStep, "func LadderStep(out *[4]Element, in *[4]Element, x1 *Element)"},
		{"p256", fields.OpJacDouble, "func JacDouble(out *[3]Element, in *[3]Element)"},
		{"secp256k1_montgomery", fields.OpJacDouble, "func JacDouble(out *[3]Element, in *[3]Element)"},
		{"p256", fields.OpJacAdd, "func JacAdd(out *[3]Element, p *[3]Element, q *[3]Element)"},
		{"p256", fields.OpJacAddAffine, "func JacAddAffine(out *[3]Element, p *[3]Element, q *[2]Element)"},
	} {
		c := config(t, tc.field, tc.op, "mul")
		files, _, err := Generate(context.Background(), c)
		require.NoError(t, err)
		require.Contains(t, string(files[tc.field+".go"]), tc.want)
		// doc.go lists every function by its exported name (it once printed "- :").
		api := strings.Fields(strings.TrimPrefix(tc.want, "func "))[0]
		require.Contains(t, string(files["doc.go"]), "//   - "+api[:strings.Index(api, "(")]+": uarch")
		vetAndTest(t, c, files)
	}
}

// TestOpsRefused: ops gopkg does not generate are refused with the list it does.
func TestOpsRefused(t *testing.T) {
	for _, tc := range []struct{ field, op, want string }{
		{"curve25519_solinas", "cswap", "valid: mul, square, add, sub, opp, ladderstep"},
		{"curve25519", "ladderstep", "valid: mul, square, add, sub, opp, carry)"},
		{"p256", "selectznz", "valid: mul, square, add, sub, opp, jacdbl, jacadd, jacmadd)"},
	} {
		_, _, err := Generate(context.Background(), config(t, tc.field, tc.op))
		require.ErrorContains(t, err, tc.want, tc.field+" "+tc.op)
	}
}
