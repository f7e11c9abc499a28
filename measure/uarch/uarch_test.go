package uarch

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestTag(t *testing.T) {
	cases := []struct {
		vendor        string
		family, model int
		want          string
	}{
		{"AMD", 0x17, 0x01, "znver1"},    // Naples
		{"AMD", 0x17, 0x08, "znver1"},    // Pinnacle Ridge (Zen+)
		{"AMD", 0x17, 0x31, "znver2"},    // Rome
		{"AMD", 0x17, 0x71, "znver2"},    // Matisse
		{"AMD", 0x19, 0x01, "znver3"},    // Milan
		{"AMD", 0x19, 0x21, "znver3"},    // Vermeer
		{"AMD", 0x19, 0x50, "znver3"},    // Cezanne
		{"AMD", 0x19, 0x11, "znver4"},    // Genoa
		{"AMD", 0x19, 0x61, "znver4"},    // Raphael
		{"AMD", 0x19, 0xa0, "znver4"},    // Bergamo
		{"AMD", 0x1a, 0x02, "znver5"},    // Turin
		{"AMD", 0x1a, 0x44, "znver5"},    // Granite Ridge
		{"AMD", 0x15, 0x02, "amd-f15m2"}, // Piledriver: not in the table
		{"Intel", 6, 0x55, "skylake-avx512"},
		{"Intel", 6, 0x5e, "skylake"},
		{"Intel", 6, 0x9e, "skylake"},
		{"Intel", 6, 0x7e, "icelake"},
		{"Intel", 6, 0x6a, "icelake-server"},
		{"Intel", 6, 0x8c, "tigerlake"},
		{"Intel", 6, 0x97, "alderlake"},
		{"Intel", 6, 0xb7, "raptorlake"},
		{"Intel", 6, 0xaa, "meteorlake"},
		{"Intel", 6, 0x8f, "sapphirerapids"},
		{"Intel", 6, 0x01, "intel-f6m1"},
		{"Intel", 0x13, 0x01, "intel-f13m1"},
		{"CentaurHauls", 7, 0x3b, "centaurhauls-f7m3b"},
		{"", 0, 0, "unknown-f0m0"},
	}
	for _, c := range cases {
		got := Tag(c.vendor, c.family, c.model)
		require.Equal(t, c.want, got, "%s family %#x model %#x", c.vendor, c.family, c.model)
		require.NotEqual(t, Generic, got)
	}
}

func TestTagTableNames(t *testing.T) {
	// Tags end up in file names and Bazel cache keys: lowercase, no spaces.
	for m, tag := range intelFamily6 {
		require.Equal(t, strings.ToLower(tag), tag, "model %#x", m)
		require.NotContains(t, tag, " ")
		require.NotEqual(t, Generic, tag)
	}
}

const zen4Entry = `processor	: 0
vendor_id	: AuthenticAMD
cpu family	: 25
model		: 17
model name	: AMD EPYC 9B14
flags		: fpu vme bmi1 avx2 bmi2 rdseed adx smap

processor	: 1
vendor_id	: GenuineIntel
cpu family	: 6
model		: 85
`

func TestParseCPUInfo(t *testing.T) {
	info, err := ParseCPUInfo(zen4Entry)
	require.NoError(t, err)
	require.Equal(t, Info{Vendor: "AMD", Model: "AMD EPYC 9B14", Family: 25, ModelNum: 17,
		Tag: "znver4", ADX: true, BMI2: true}, info)

	info, err = ParseCPUInfo("vendor_id: GenuineIntel\ncpu family: 6\nmodel: 140\nflags: bmi2\n")
	require.NoError(t, err)
	require.Equal(t, "tigerlake", info.Tag)
	require.True(t, info.BMI2)
	require.False(t, info.ADX)
}

func TestParseCPUInfoErrors(t *testing.T) {
	for _, text := range []string{
		"",
		"processor: 0\n",
		"vendor_id: AuthenticAMD\ncpu family: 25\n",            // no model
		"vendor_id: AuthenticAMD\ncpu family: x\nmodel: 1\n",   // bad number
		"vendor_id: AuthenticAMD\ncpu family: 25\nmodel: -3\n", // negative
	} {
		_, err := ParseCPUInfo(text)
		require.Error(t, err, "%q", text)
	}
}

func TestSupported(t *testing.T) {
	require.NoError(t, Supported(Info{ADX: true, BMI2: true}))
	err := Supported(Info{Model: "old", Tag: "haswell", BMI2: true})
	require.ErrorContains(t, err, "ADX")
	require.NotContains(t, err.Error(), "\n")
	require.ErrorContains(t, Supported(Info{}), "ADX and BMI2")
}

func TestDetectAgreesWithProcCPUInfo(t *testing.T) {
	text, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		t.Skipf("no /proc/cpuinfo to compare with: %v", err)
	}
	want, err := ParseCPUInfo(string(text))
	if err != nil {
		t.Skipf("/proc/cpuinfo is not in the x86 layout: %v", err)
	}
	got := Detect()
	require.Equal(t, want.Vendor, got.Vendor)
	require.Equal(t, want.Family, got.Family)
	require.Equal(t, want.ModelNum, got.ModelNum)
	require.Equal(t, want.Tag, got.Tag)
	require.Equal(t, want.ADX, got.ADX)
	require.Equal(t, want.BMI2, got.BMI2)
	require.NotEmpty(t, got.Model)
}

func FuzzParseCPUInfo(f *testing.F) {
	f.Add(zen4Entry)
	f.Add("vendor_id: X\ncpu family: 99999999999999999999\nmodel: 1\n")
	f.Fuzz(func(t *testing.T, text string) {
		info, err := ParseCPUInfo(text)
		if err == nil {
			require.NotEmpty(t, info.Tag)
			require.NotEqual(t, Generic, info.Tag)
		}
	})
}
