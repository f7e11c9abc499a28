package uarch

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/klauspost/cpuid/v2"
)

// Info describes the CPU: what CPUID reports and the tag derived from it.
type Info struct {
	Vendor   string // "AMD", "Intel" or the raw CPUID vendor string
	Model    string // the CPU brand string, e.g. "AMD EPYC 9B14"
	Family   int    // display family (base + extended)
	ModelNum int    // display model (with the extended model bits)
	Tag      string // short stable name, e.g. "znver4", "icelake"
	ADX      bool
	BMI2     bool
}

// Generic is the tag of code that was not tuned on any CPU; Detect never returns it.
const Generic = "generic"

// Detect reads CPUID (falling back to /proc/cpuinfo for what CPUID cannot tell).
func Detect() Info {
	c := cpuid.CPU
	info := Info{
		Vendor:   vendorName(c.VendorID, c.VendorString),
		Model:    strings.TrimSpace(c.BrandName),
		Family:   c.Family,
		ModelNum: c.Model,
		ADX:      c.Supports(cpuid.ADX),
		BMI2:     c.Supports(cpuid.BMI2),
	}
	if info.Model == "" || info.Family == 0 || info.Vendor == "" {
		if text, err := os.ReadFile("/proc/cpuinfo"); err == nil {
			if p, err := ParseCPUInfo(string(text)); err == nil {
				info = merge(info, p)
			}
		}
	}
	info.Tag = Tag(info.Vendor, info.Family, info.ModelNum)
	return info
}

// merge fills the empty fields of a from b.
func merge(a, b Info) Info {
	if a.Vendor == "" {
		a.Vendor = b.Vendor
	}
	if a.Model == "" {
		a.Model = b.Model
	}
	if a.Family == 0 {
		a.Family, a.ModelNum = b.Family, b.ModelNum
	}
	a.ADX = a.ADX || b.ADX
	a.BMI2 = a.BMI2 || b.BMI2
	return a
}

func vendorName(v cpuid.Vendor, raw string) string {
	switch v {
	case cpuid.AMD:
		return "AMD"
	case cpuid.Intel:
		return "Intel"
	}
	return strings.TrimSpace(raw)
}

// Supported says whether generated code can run here: it uses ADX (adcx/adox) and BMI2
// (mulx, shrx, ...).
func Supported(info Info) error {
	var missing []string
	if !info.ADX {
		missing = append(missing, "ADX")
	}
	if !info.BMI2 {
		missing = append(missing, "BMI2")
	}
	if len(missing) > 0 {
		return fmt.Errorf("CPU %q (%s) lacks %s, which the generated code needs",
			info.Model, info.Tag, strings.Join(missing, " and "))
	}
	return nil
}

// errNoCPU means /proc/cpuinfo text had no usable processor entry.
var errNoCPU = errors.New("no processor entry with vendor, family and model")
