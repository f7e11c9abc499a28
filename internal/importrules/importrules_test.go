package importrules

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/internal/testenv"
)

const module = "github.com/rules-cryptopt/rules_cryptopt/"

// allowed is design.md's table ("Packages (import direction ...)") made exact: for every
// package of the module (a pattern "p/..." is p and everything below it), the module
// packages its non-test files may import directly. A package missing here fails the test,
// so a new package has to be placed. Order is top (may import most) to bottom (leaves).
var allowed = []rule{
	{"tools/cryptopt", []string{"*"}},
	// whyslow (docs/why-slow.md) decodes objects as objcheck does and takes every
	// instruction's effects from the x86 model; it keeps no instruction table of its own.
	{"tools/whyslow", []string{"objfile", "x86", "x86/decode"}},
	// gopkg is the Go-output library behind "cryptopt gopkg": a CLI library, above the optimizer.
	{"gopkg", []string{"optimizer", "search", "codegen", "measure/...", "checker/...", "objcheck", "objfile",
		"fields", "ir/...", "x86/...", "internal/..."}},
	{"optimizer/...", []string{"optimizer/...", "search", "codegen/...", "measure/...", "x86/...", "ir/..."}},
	{"search", nil},
	{"measure", []string{"ir", "ir/interp", "x86", "x86/abi", "x86/encode"}},
	{"measure/uarch", nil},
	{"codegen/...", []string{"codegen/...", "ir/...", "x86", "x86/abi"}},
	// objcheck decodes an object's bytes for the checker and requires each instruction to
	// encode back to exactly its bytes, so it alone of the checking side uses the encoder.
	{"objcheck", []string{"objfile", "checker/...", "ir/...", "x86", "x86/decode", "x86/encode"}},
	{"objfile", nil},
	{"checker/...", []string{"checker/...", "ir/...", "x86", "x86/decode"}},
	{"ctgrind", []string{"ir/..."}},
	{"rules/private/...", []string{"ctgrind", "ir/..."}},
	{"rules", nil},
	{"fields", []string{"ir/..."}},
	{"ir", nil},
	{"ir/...", []string{"ir"}},
	{"internal/objrun", []string{"ir/..."}},
	{"internal/fiatdata", []string{"internal/testenv"}},
	{"internal/...", nil},
	{"x86", nil},
	{"x86/goasm", []string{"x86", "x86/encode"}},
	{"x86/...", []string{"x86"}},
	{"e2e", nil},
	{"examples/...", []string{"examples/..."}},
}

// checkerNever is what the checker's closure (checker and checker/..., with everything
// they import transitively) must not contain: verification stays independent of the
// optimizer and of the encoder whose output it judges.
var checkerNever = []string{module + "codegen/...", module + "search/...", module + "measure/...",
	module + "optimizer/...", module + "x86/encode/...", module + "tools/...", "github.com/cloudwego/iasm/..."}

// rule says which module packages the packages matched by pkg may import.
type rule struct {
	pkg     string
	imports []string
}

// pkg is the part of "go list -json" the rules read.
type pkg struct {
	ImportPath string
	Imports    []string
	Deps       []string
}

// match reports whether path (module-relative) is matched by pattern.
func match(pattern, path string) bool {
	if pattern == "*" {
		return true
	}
	if p, ok := strings.CutSuffix(pattern, "/..."); ok {
		return path == p || strings.HasPrefix(path, p+"/")
	}
	return path == pattern
}

// violations lists every edge of the graph the rules forbid (nil when it conforms).
func violations(pkgs []pkg) []string {
	var out []string
	for _, p := range pkgs {
		rel, ok := strings.CutPrefix(p.ImportPath, module)
		if !ok {
			continue
		}
		i := slices.IndexFunc(allowed, func(r rule) bool { return match(r.pkg, rel) })
		if i < 0 {
			out = append(out, fmt.Sprintf("%s: not in the import table (place it in internal/importrules)", rel))
			continue
		}
		for _, imp := range p.Imports {
			dep, ok := strings.CutPrefix(imp, module)
			if !ok {
				continue
			}
			if match("tools/...", dep) {
				out = append(out, fmt.Sprintf("%s imports %s: nothing imports tools/", rel, dep))
				continue
			}
			if !slices.ContainsFunc(allowed[i].imports, func(pat string) bool { return match(pat, dep) }) {
				out = append(out, fmt.Sprintf("%s imports %s: not allowed (rule %q)", rel, dep, allowed[i].pkg))
			}
		}
		if match("checker/...", rel) {
			for _, d := range p.Deps {
				if slices.ContainsFunc(checkerNever, func(pat string) bool { return match(pat, d) }) {
					out = append(out, fmt.Sprintf("%s reaches %s: the checker must not depend on it", rel, d))
				}
			}
		}
	}
	return out
}

// goList is the module's package graph (non-test imports), from the go tool.
func goList(t *testing.T) []pkg {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		testenv.Missing(t, "go not on PATH (e.g. in a Bazel sandbox): import rules not checked; run go test ./internal/importrules")
	}
	cmd := exec.Command("go", "list", "-deps", "-json", module+"...")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, "go list: %s", stderr.String())
	var pkgs []pkg
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p pkg
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else {
			require.NoError(t, err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

func TestImportRules(t *testing.T) {
	pkgs := goList(t)
	require.NotEmpty(t, pkgs)
	require.Empty(t, violations(pkgs), "the package graph breaks design.md's import table")
}

// TestViolationsFound feeds the rules fake graphs with one forbidden edge each.
func TestViolationsFound(t *testing.T) {
	m := func(s string) string { return module + s }
	cases := []struct {
		name string
		pkgs []pkg
		want string
	}{
		{"checker imports codegen", []pkg{{ImportPath: m("checker"), Imports: []string{m("codegen")}}},
			"checker imports codegen: not allowed"},
		{"checker reaches the encoder", []pkg{{ImportPath: m("checker/symexec"), Imports: []string{m("x86")},
			Deps: []string{m("x86"), m("x86/encode"), "github.com/cloudwego/iasm/x86_64"}}},
			"checker/symexec reaches " + m("x86/encode")},
		{"checker reaches iasm", []pkg{{ImportPath: m("checker"), Deps: []string{"github.com/cloudwego/iasm/x86_64"}}},
			"reaches github.com/cloudwego/iasm/x86_64"},
		{"leaf imports a higher package", []pkg{{ImportPath: m("ir"), Imports: []string{m("x86")}}},
			"ir imports x86: not allowed"},
		{"x86 imports codegen", []pkg{{ImportPath: m("x86"), Imports: []string{m("codegen")}}}, "x86 imports codegen"},
		{"measure imports search", []pkg{{ImportPath: m("measure"), Imports: []string{m("search")}}}, "measure imports search"},
		{"codegen imports the encoder", []pkg{{ImportPath: m("codegen"), Imports: []string{m("x86/encode")}}}, "codegen imports x86/encode"},
		{"optimizer imports the CLI", []pkg{{ImportPath: m("optimizer"), Imports: []string{m("tools/cryptopt")}}},
			"nothing imports tools/"},
		{"unplaced package", []pkg{{ImportPath: m("newthing")}}, "newthing: not in the import table"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := violations(c.pkgs)
			require.NotEmpty(t, v)
			require.Contains(t, strings.Join(v, "\n"), c.want)
		})
	}
	ok := []pkg{{ImportPath: m("optimizer"), Imports: []string{m("search"), m("codegen"), m("measure"), m("x86/encode"), m("ir")}},
		{ImportPath: m("checker"), Imports: []string{m("x86"), m("ir")}, Deps: []string{m("x86"), m("ir"), "fmt"}},
		{ImportPath: "fmt"}}
	require.Empty(t, violations(ok))
}
