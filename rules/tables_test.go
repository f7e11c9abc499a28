package rules

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/fields"
	"github.com/rules-cryptopt/rules_cryptopt/measure/uarch"
)

// The Starlark tables are data; these regular expressions read them without a Starlark
// interpreter. A row the expression cannot read fails the count checks below.
var (
	uarchRow   = regexp.MustCompile(`\("(\w+)", (0x[0-9a-f]+), (0x[0-9a-f]+), (0x[0-9a-f]+), "([\w-]+)"\),`)
	catalogRow = regexp.MustCompile(`"(\w+)": \[((?:"\w+",? ?)*)\],`)
)

type uarchEntry struct {
	vendor      string
	family      int
	first, last int
	tag         string
}

func readStarlark(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("private", name))
	require.NoError(t, err, "the Starlark table is a data dependency of this test")
	return string(data)
}

func parseUarchRows(t *testing.T, text string) []uarchEntry {
	t.Helper()
	var rows []uarchEntry
	for _, m := range uarchRow.FindAllStringSubmatch(text, -1) {
		var nums [3]int
		for i := range nums {
			n, err := strconv.ParseInt(m[2+i], 0, 32)
			require.NoError(t, err)
			nums[i] = int(n)
		}
		rows = append(rows, uarchEntry{m[1], nums[0], nums[1], nums[2], m[5]})
	}
	require.Equal(t, strings.Count(text, `", 0x`), len(rows), "every row of UARCH_ROWS must be readable")
	return rows
}

// starlarkTag is uarch_tag of uarch_table.bzl: the first matching row, else the
// "<vendor>-f<family>m<model>" fallback (whose vendor spelling is checked below too).
func starlarkTag(rows []uarchEntry, vendor string, family, model int) string {
	for _, r := range rows {
		if r.vendor == vendor && r.family == family && r.first <= model && model <= r.last {
			return r.tag
		}
	}
	names := map[string]string{"AuthenticAMD": "amd", "GenuineIntel": "intel"}
	v, ok := names[vendor]
	if !ok {
		v = strings.ToLower(vendor)
	}
	return fmt.Sprintf("%s-f%xm%x", v, family, model)
}

// TestUarchTablesAgree checks the repository rule's table against measure/uarch for every
// family and model of the vendors the tables know, going through /proc/cpuinfo text as the
// repository rule does.
func TestUarchTablesAgree(t *testing.T) {
	rows := parseUarchRows(t, readStarlark(t, "uarch_rows.bzl"))
	require.Greater(t, len(rows), 30)
	for _, vendor := range []string{"AuthenticAMD", "GenuineIntel", "HygonGenuine"} {
		for family := 0; family <= 0x1f; family++ {
			for model := 0; model <= 0xff; model++ {
				text := fmt.Sprintf("vendor_id\t: %s\ncpu family\t: %d\nmodel\t\t: %d\nmodel name\t: x\n", vendor, family, model)
				info, err := uarch.ParseCPUInfo(text)
				require.NoError(t, err)
				want := info.Tag
				got := starlarkTag(rows, vendor, family, model)
				require.Equal(t, want, got, "vendor %s family %#x model %#x", vendor, family, model)
			}
		}
	}
}

// TestCatalogueAgrees checks the Starlark copy of the catalogue (analysis-time checks of
// curve/op) and the IR function name the rule passes downstream (curve_op).
func TestCatalogueAgrees(t *testing.T) {
	text := readStarlark(t, "catalogue.bzl")
	starlark := map[string][]string{}
	for _, m := range catalogRow.FindAllStringSubmatch(text, -1) {
		var ops []string
		for _, o := range strings.Split(m[2], ",") {
			ops = append(ops, strings.Trim(strings.TrimSpace(o), `"`))
		}
		starlark[m[1]] = ops
	}
	goCat := map[string][]string{}
	for _, f := range fields.All() {
		goCat[f.Name] = f.AllOps()
		for _, op := range f.AllOps() {
			if op == fields.OpScmul {
				// catalogue_func: curve_scmul_K, and CONSTANT_OPS lists scmul.
				require.Contains(t, text, `CONSTANT_OPS = ["scmul"]`)
				fn, err := f.ScmulFunc(121666)
				require.NoError(t, err)
				require.Equal(t, f.Name+"_scmul_121666", fn.Name)
				continue
			}
			fn, err := f.Func(op)
			require.NoError(t, err)
			require.Equal(t, f.Name+"_"+op, fn.Name, "catalogue_func in catalogue.bzl assumes curve_op")
		}
	}
	for _, m := range []map[string][]string{starlark, goCat} {
		for _, ops := range m {
			sort.Strings(ops)
		}
	}
	require.Equal(t, goCat, starlark)
}
