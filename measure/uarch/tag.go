package uarch

import (
	"fmt"
	"strings"
)

// Tag is the short stable name of a CPU family: GCC's -march names where one exists
// (znver1…znver5, skylake, icelake, …), else "<vendor>-f<family>m<model>" in lowercase
// hex, so that code tuned on an unknown CPU is still labelled distinctly.
func Tag(vendor string, family, model int) string {
	switch strings.ToLower(vendor) {
	case "amd", "authenticamd":
		if t := amdTag(family, model); t != "" {
			return t
		}
	case "intel", "genuineintel":
		if t := intelTag(family, model); t != "" {
			return t
		}
	}
	v := strings.Map(func(r rune) rune {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			return r
		}
		return -1 // tags go into file names: keep them plain
	}, strings.ToLower(vendor))
	if v == "" {
		v = "unknown"
	}
	return fmt.Sprintf("%s-f%xm%x", v, family, model)
}

// amdTag follows the family/model split GCC's driver uses for -march=native.
func amdTag(family, model int) string {
	switch family {
	case 0x17:
		if model >= 0x30 {
			return "znver2" // Rome, Matisse, Renoir, Van Gogh, Mendocino
		}
		return "znver1" // Naples, Summit/Pinnacle/Raven Ridge, Picasso, Dali
	case 0x19:
		if (model >= 0x10 && model <= 0x1f) || (model >= 0x60 && model <= 0xaf) {
			return "znver4" // Genoa, Raphael, Phoenix, Bergamo
		}
		return "znver3" // Milan, Vermeer, Rembrandt, Cezanne
	case 0x1a:
		return "znver5" // Turin, Granite Ridge, Strix Point
	}
	return ""
}

// intelFamily6 maps Intel family 6 display models to their microarchitecture.
var intelFamily6 = map[int]string{
	0x3c: "haswell", 0x3f: "haswell", 0x45: "haswell", 0x46: "haswell",
	0x3d: "broadwell", 0x47: "broadwell", 0x4f: "broadwell", 0x56: "broadwell",
	0x4e: "skylake", 0x5e: "skylake", 0x8e: "skylake", 0x9e: "skylake", // incl. Kaby/Coffee Lake
	0xa5: "skylake", 0xa6: "skylake", // Comet Lake
	0x55: "skylake-avx512", // Skylake-SP, Cascade Lake, Cooper Lake
	0x66: "cannonlake",
	0x7d: "icelake", 0x7e: "icelake",
	0x6a: "icelake-server", 0x6c: "icelake-server",
	0x8c: "tigerlake", 0x8d: "tigerlake",
	0xa7: "rocketlake",
	0x97: "alderlake", 0x9a: "alderlake", 0xbe: "alderlake",
	0xb7: "raptorlake", 0xba: "raptorlake", 0xbf: "raptorlake",
	0xaa: "meteorlake", 0xac: "meteorlake",
	0xb5: "arrowlake", 0xc5: "arrowlake", 0xc6: "arrowlake",
	0xbd: "lunarlake",
	0x8f: "sapphirerapids",
	0xcf: "emeraldrapids",
	0xad: "graniterapids", 0xae: "graniterapids",
	0xaf: "sierraforest",
	0xb6: "grandridge",
}

func intelTag(family, model int) string {
	if family != 6 {
		return ""
	}
	return intelFamily6[model]
}
