package main

import (
	"bytes"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/rules-cryptopt/rules_cryptopt/fields"
)

// cmdFields prints the field catalogue: name, method, limb layout, prime and ops.
func cmdFields(env *cliEnv, args []string) error {
	fs := newFlagSet(env, "fields", "fields\n\nLists the catalogue fields usable with --curve: representation method,\n"+
		"limb layout (count×bits per limb, e.g. 8×58+57), the prime in hex, and the ops.")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	var buf bytes.Buffer
	tw := tabwriter.NewWriter(&buf, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tMETHOD\tLIMBS\tOPS\tPRIME")
	for _, F := range fields.All() {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%#x\n", F.Name, F.Method, limbLayout(F.LimbBits), strings.Join(F.AllOps(), ","), F.Prime)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := env.stdout.Write(buf.Bytes())
	return err
}

// limbLayout groups equal consecutive limb widths: "5×51", "8×58+57", "44+2×43".
func limbLayout(bits []int) string {
	var parts []string
	for i := 0; i < len(bits); {
		j := i
		for j < len(bits) && bits[j] == bits[i] {
			j++
		}
		if j-i == 1 {
			parts = append(parts, fmt.Sprint(bits[i]))
		} else {
			parts = append(parts, fmt.Sprintf("%d×%d", j-i, bits[i]))
		}
		i = j
	}
	return strings.Join(parts, "+")
}
