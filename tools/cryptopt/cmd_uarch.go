package main

import (
	"fmt"

	"github.com/rules-cryptopt/rules_cryptopt/measure/uarch"
)

// cmdUarch prints this CPU's microarchitecture tag; -v adds what it was derived from,
// --bzl prints the whole table as Starlark instead (rules/private/uarch_rows.bzl).
func cmdUarch(env *cliEnv, args []string) error {
	fs := newFlagSet(env, "uarch", "uarch [-v | --bzl]")
	verbose := fs.Bool("v", false, "also print vendor, brand string, family/model and ADX/BMI2 support")
	bzl := fs.Bool("bzl", false, "print the tag table as Starlark (rules/private/uarch_rows.bzl; CI diffs it)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *bzl {
		_, err := env.stdout.Write(uarchBzl())
		return err
	}
	info := uarch.Detect()
	if !*verbose {
		_, err := fmt.Fprintln(env.stdout, info.Tag)
		return err
	}
	supported := "yes"
	if err := uarch.Supported(info); err != nil {
		supported = "no: " + err.Error()
	}
	_, err := fmt.Fprintf(env.stdout,
		"tag:       %s\nvendor:    %s\nmodel:     %s\nfamily:    %#x (%d)\nmodel num: %#x (%d)\nadx:       %t\nbmi2:      %t\nsupported: %s\n",
		info.Tag, info.Vendor, info.Model, info.Family, info.Family, info.ModelNum, info.ModelNum,
		info.ADX, info.BMI2, supported)
	return err
}
