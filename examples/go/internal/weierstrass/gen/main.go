package main

import (
	"bytes"
	"embed"
	"errors"
	"flag"
	"fmt"
	"go/format"
	"io"
	"os"
	"text/template"

	"github.com/rules-cryptopt/rules_cryptopt/internal/outfile"
)

// The templates render the point formulas and ladders as straight-line calls of each curve's field
// package (as Go's crypto/internal/nistec/generate.go does) rather than sharing them through
// function values or generics, which makes the temporaries escape and costs ~10% of a P-256
// k·P.
//
//go:embed point.go.tmpl ladder.go.tmpl
var templates embed.FS

// curve is what the template needs of one curve.
type curve struct {
	Package   string // the Go package (examples/go/<Package>)
	Field     string // its field package, examples/gofield/<Field>
	Curve     string // its name in comments
	AIsMinus3 bool   // a = −3: RCB Algorithms 4 and 6; otherwise a = 0: Algorithms 7 and 9
	B3        string // 3b in decimal, for the a = 0 comment
	GLV       bool   // k·P by the endomorphism (x, y) -> (β·x, y): the package has cBeta and glvSplit
}

// curves returns the curves the template renders, by package name.
func curves() map[string]curve {
	return map[string]curve{
		"nistp256":  {Package: "nistp256", Field: "p256", Curve: "P-256", AIsMinus3: true},
		"secp256k1": {Package: "secp256k1", Field: "secp256k1_montgomery", Curve: "secp256k1", B3: "21", GLV: true},
	}
}

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "weierstrass/gen:", err)
		os.Exit(2) // every failure is bad input: a flag, the curve, or the destination
	}
}

// run renders one curve's point.go to -o: a regular file is replaced atomically (nothing
// half-written on failure), "-" or a device such as /dev/stdout is written in place.
func run(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("gen", flag.ContinueOnError)
	fs.SetOutput(io.Discard) // the error is returned and printed once, in one line
	name := fs.String("curve", "", "the curve package to render (nistp256 or secp256k1)")
	file := fs.String("file", "point", "the file to render: point (the formulas) or ladder (the ladders)")
	out := fs.String("o", "", "the file to write (- or /dev/stdout: standard output; default FILE.go)")
	if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
		fmt.Fprintln(stdout, "usage: gen -curve nistp256|secp256k1 [-file point|ladder] [-o FILE.go]\n\n"+
			"Renders the curve's point formulas (point.go.tmpl) or ladders (ladder.go.tmpl) as gofmt'd Go.")
		fs.SetOutput(stdout)
		fs.PrintDefaults()
		return nil
	} else if err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	c, ok := curves()[*name]
	if !ok {
		return fmt.Errorf("unknown -curve %q (want nistp256 or secp256k1)", *name)
	}
	if *file != "point" && *file != "ladder" {
		return fmt.Errorf("unknown -file %q (want point or ladder)", *file)
	}
	if *out == "" {
		*out = *file + ".go"
	}
	outs := outfile.NewSet(stdout)
	o, err := outs.Add("-o", *out)
	if err != nil {
		return err
	}
	src, err := render(c, *file)
	if err == nil {
		_, err = o.Write(src)
	}
	if err != nil {
		outs.Abort()
		return err
	}
	return outs.Commit()
}

// render executes file's template (point or ladder) for c and gofmts the result.
func render(c curve, file string) ([]byte, error) {
	tmpl, err := template.ParseFS(templates, "point.go.tmpl", "ladder.go.tmpl")
	if err != nil {
		return nil, fmt.Errorf("parsing the templates: %w", err)
	}
	var buf bytes.Buffer
	if err := tmpl.ExecuteTemplate(&buf, file+".go.tmpl", c); err != nil {
		return nil, fmt.Errorf("rendering %s/%s.go: %w", c.Package, file, err)
	}
	src, err := format.Source(buf.Bytes())
	if err != nil {
		return nil, fmt.Errorf("gofmt of the rendered %s/%s.go: %w", c.Package, file, err)
	}
	return src, nil
}
