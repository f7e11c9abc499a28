package uarch

import (
	"bufio"
	"fmt"
	"strconv"
	"strings"
)

// ParseCPUInfo reads the first processor entry of Linux /proc/cpuinfo text (x86 layout).
// The Tag is filled in from the vendor, family and model found.
func ParseCPUInfo(text string) (Info, error) {
	var info Info
	seen := map[string]bool{}
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.TrimSpace(line) == "" && len(seen) > 0 {
			break // end of the first processor entry
		}
		key, val, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		key, val = strings.TrimSpace(key), strings.TrimSpace(val)
		if seen[key] {
			continue
		}
		seen[key] = true
		if err := info.set(key, val); err != nil {
			return Info{}, err
		}
	}
	if err := sc.Err(); err != nil {
		return Info{}, fmt.Errorf("reading cpuinfo: %w", err)
	}
	if info.Vendor == "" || !seen["cpu family"] || !seen["model"] {
		return Info{}, errNoCPU
	}
	info.Tag = Tag(info.Vendor, info.Family, info.ModelNum)
	return info, nil
}

// set records one "key: value" line of a processor entry.
func (info *Info) set(key, val string) error {
	var err error
	switch key {
	case "vendor_id":
		info.Vendor = map[string]string{"AuthenticAMD": "AMD", "GenuineIntel": "Intel"}[val]
		if info.Vendor == "" {
			info.Vendor = val
		}
	case "model name":
		info.Model = val
	case "cpu family":
		info.Family, err = strconv.Atoi(val)
	case "model":
		info.ModelNum, err = strconv.Atoi(val)
	case "flags":
		for _, f := range strings.Fields(val) {
			info.ADX = info.ADX || f == "adx"
			info.BMI2 = info.BMI2 || f == "bmi2"
		}
	}
	if err != nil || info.Family < 0 || info.ModelNum < 0 {
		return fmt.Errorf("cpuinfo: bad %q value %q", key, val)
	}
	return nil
}
