package codegen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// fileStage orders codegen's files by the pass (or earlier step) they implement: select,
// then flag planning, then register allocation (vcode.go, the program they pass on, comes
// with the candidate's state).
var fileStage = map[string]int{
	"doc.go": 0, "options.go": 0, "machine.go": 1, "decisions.go": 2, "plan.go": 3, "appended.go": 3, "state.go": 4,
	"vcode.go": 4, "schedule.go": 5, "select.go": 6, "select_build.go": 6, "select_alu.go": 6,
	"flags.go": 7, "alloc.go": 8, "alloc_walk.go": 8, "spill.go": 9, "frame.go": 10,
	"verify.go": 11, "compile.go": 12, "order.go": 13,
}

// passFile is the file of each pass of the compiler list.
var passFile = map[string]string{"schedule": "schedule.go", "select": "select.go", "flags": "flags.go",
	"alloc": "alloc_walk.go", "spill": "spill.go",
	"frame": "frame.go", "verify": "verify.go"}

// TestPassOrder: no file of codegen uses a declaration of a file of a later pass, and
// the compiler's pass list runs the passes in the order of their files.
func TestPassOrder(t *testing.T) {
	fset := token.NewFileSet()
	paths, err := filepath.Glob("*.go")
	require.NoError(t, err)
	files := map[string]*ast.File{}
	for _, path := range paths {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		_, ok := fileStage[path]
		require.True(t, ok, "%s has no stage in fileStage", path)
		files[path], err = parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		require.NoError(t, err)
	}
	require.Contains(t, files, "compile.go", "codegen's sources are not in the working directory")
	require.Empty(t, laterUses(files), "files depending on a later pass")
	last := -1
	for _, ps := range passes() {
		stage := fileStage[passFile[ps.name]]
		require.Greater(t, stage, last, "pass %s runs after a later pass", ps.name)
		last = stage
	}
}

// TestPassOrderCatches: a schedule.go calling the allocator is reported.
func TestPassOrderCatches(t *testing.T) {
	fset := token.NewFileSet()
	files := map[string]*ast.File{}
	for path, src := range map[string]string{
		"schedule.go": "package codegen\nfunc (g *gen) schedule() { g.allocReg(); _ = never }",
		"alloc.go":    "package codegen\nfunc (g *gen) allocReg() {}",
		"state.go":    "package codegen\nconst never = 1",
	} {
		f, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
		require.NoError(t, err)
		files[path] = f
	}
	require.Equal(t, []string{"schedule.go uses allocReg of alloc.go"}, laterUses(files))
}

// laterUses lists the uses, in files, of a declaration of a file of a later stage.
func laterUses(files map[string]*ast.File) []string {
	declared := declarations(files)
	var bad []string
	for path, f := range files {
		for _, use := range uses(f) {
			if at, ok := declared[use]; ok && fileStage[at] > fileStage[path] {
				bad = append(bad, path+" uses "+strings.TrimPrefix(use, ".")+" of "+at)
			}
		}
	}
	return bad
}

// declarations maps every package-level name to its file; methods are keyed ".name".
func declarations(files map[string]*ast.File) map[string]string {
	out := map[string]string{}
	for path, f := range files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv != nil {
					out["."+d.Name.Name] = path
				} else {
					out[d.Name.Name] = path
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						out[s.Name.Name] = path
					case *ast.ValueSpec:
						for _, n := range s.Names {
							out[n.Name] = path
						}
					}
				}
			}
		}
	}
	return out
}

// uses lists the names f refers to: bare identifiers, and selectors as ".name" (method
// calls; a field sharing a method's name counts as a use of the method).
func uses(f *ast.File) []string {
	var out []string
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if x, ok := n.X.(*ast.Ident); ok && isImport(f, x.Name) {
				return false
			}
			out = append(out, "."+n.Sel.Name)
			ast.Inspect(n.X, visit)
			return false
		case *ast.Ident:
			out = append(out, n.Name)
		}
		return true
	}
	ast.Inspect(f, visit)
	return out
}

func isImport(f *ast.File, name string) bool {
	for _, imp := range f.Imports {
		if p := strings.Trim(imp.Path.Value, `"`); p[strings.LastIndex(p, "/")+1:] == name {
			return true
		}
	}
	return false
}
