package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/rules-cryptopt/rules_cryptopt/fields"
	"github.com/rules-cryptopt/rules_cryptopt/gopkg"
	"github.com/rules-cryptopt/rules_cryptopt/internal/infile"
	"github.com/rules-cryptopt/rules_cryptopt/search"
)

// gopkgFlags are the flags of gopkg.
type gopkgFlags struct {
	curve, prime, method, ops, pkg, out, goCmd string
	models, fiat                               string
	limbs                                      int
	genomes                                    genomeFlags
}

// genomeFlags collects repeated --genome op=FILE.
type genomeFlags map[string]string

func (g genomeFlags) String() string { return "" }

func (g genomeFlags) Set(v string) error {
	op, file, ok := strings.Cut(v, "=")
	if !ok || op == "" || file == "" {
		return fmt.Errorf("want op=FILE, got %q", v)
	}
	if _, dup := g[op]; dup {
		return fmt.Errorf("two genomes for op %s", op)
	}
	g[op] = file
	return nil
}

// cmdGopkg writes a Go package for one field: Go assembly proved from the Go assembler's
// bytes, the pure-Go fallback, the typed API, doc.go and a test against math/big.
func cmdGopkg(env *cliEnv, args []string) error {
	g := gopkgFlags{genomes: genomeFlags{}}
	fs := newFlagSet(env, "gopkg", "gopkg (--curve C | --prime P --method M --limbs N) [--fiat FILE] --ops mul,square,... --package NAME -o DIR [--genome op=FILE ...]")
	fs.StringVar(&g.curve, "curve", "", "catalogue field, e.g. p256 (see 'cryptopt fields')")
	fs.StringVar(&g.prime, "prime", "", "custom prime (with --method and --limbs), e.g. 2^255-19")
	fs.StringVar(&g.method, "method", "", "representation of a custom prime: montgomery, solinas or saturated-solinas")
	fs.StringVar(&g.fiat, "fiat", "", "Fiat JSON file whose functions are used instead of the field's IR; with --curve or --prime, which give the representation (checked to agree)")
	fs.IntVar(&g.limbs, "limbs", 0, "number of limbs of a custom prime")
	fs.StringVar(&g.ops, "ops", "", "comma-separated ops: mul, square, add, sub, opp, carry")
	fs.StringVar(&g.pkg, "package", "", "Go package name of the output")
	fs.StringVar(&g.out, "o", "", "output directory (must not exist, or be empty)")
	fs.StringVar(&g.goCmd, "go", "go", "the go command whose assembler makes the bytes that are proved")
	fs.StringVar(&g.models, "models", "", "also write each function's proof model (<op>.S, for 'cryptopt check-go') into this new directory")
	fs.Var(g.genomes, "genome", "op=FILE: pin op to a genome file (repeatable; default: codegen's greedy genome)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	cfg, err := g.config()
	if err != nil {
		return err
	}
	if g.out == "" {
		return errors.New("-o DIR is required")
	}
	if err := checkOutDir(g.out); err != nil {
		return err
	}
	if g.models != "" {
		if err := checkOutDir(g.models); err != nil {
			return err
		}
	}
	files, models, err := gopkg.Generate(context.Background(), cfg)
	if err != nil {
		return oneLine(err)
	}
	if g.models != "" {
		named := map[string][]byte{}
		for op, m := range models {
			named[op+".S"] = m
		}
		if err := writeDir(g.models, named); err != nil {
			return err
		}
	}
	return writeDir(g.out, files)
}

// config resolves the flags (everything that can be wrong with them, before any work).
func (g *gopkgFlags) config() (gopkg.Config, error) {
	c := gopkg.Config{Package: g.pkg, GoCmd: g.goCmd, Genomes: map[string]search.File{},
		Command: g.command()}
	if g.pkg == "" {
		return c, errors.New("--package is required")
	}
	var err error
	switch {
	case g.curve != "" && g.prime != "":
		return c, errors.New("give one of --curve and --prime")
	case g.curve != "":
		c.Field, err = fields.Lookup(g.curve)
	case g.prime != "":
		if g.limbs < 1 || g.limbs > maxLimbs {
			return c, fmt.Errorf("--limbs %d out of range 1..%d", g.limbs, maxLimbs)
		}
		p, perr := parsePrime(g.prime, 64*g.limbs)
		if perr != nil {
			return c, perr
		}
		c.Field, err = fields.Custom(p, g.method, g.limbs)
	default:
		if g.fiat != "" {
			return c, errors.New("--fiat needs --curve C or --prime P --method M --limbs N: a Fiat JSON file does not say how limbs encode a field element")
		}
		return c, errors.New("no field given: use --curve C or --prime P --method M --limbs N")
	}
	if err != nil {
		return c, err
	}
	if g.ops == "" {
		return c, errors.New("--ops is required, e.g. mul,square,add,sub,opp")
	}
	if g.fiat != "" {
		if c.Fiat, err = infile.Read(g.fiat, "--fiat", infile.MaxFiat, infile.StreamTimeout); err != nil {
			return c, err
		}
	}
	c.Ops = strings.Split(g.ops, ",")
	for _, op := range c.Ops {
		if valid := gopkg.Ops(c.Field); !slices.Contains(valid, op) {
			return c, fmt.Errorf("--ops: field %s has no op %q (valid: %s)", c.Field.Name, op, strings.Join(valid, ", "))
		}
	}
	ops := make([]string, 0, len(g.genomes))
	for op := range g.genomes {
		ops = append(ops, op)
	}
	sort.Strings(ops)
	for _, op := range ops {
		data, err := infile.Read(g.genomes[op], "--genome", infile.MaxGenome, infile.StreamTimeout)
		if err != nil {
			return c, err
		}
		if c.Genomes[op], err = search.ParseFile(data); err != nil {
			return c, fmt.Errorf("%s: %w", g.genomes[op], err)
		}
	}
	return c, nil
}

// command is the canonical command line that regenerates the package (doc.go quotes it;
// the output directory is left as DIR so that a regeneration elsewhere diffs clean).
func (g *gopkgFlags) command() string {
	parts := []string{"cryptopt gopkg"}
	if g.curve != "" {
		parts = append(parts, "--curve "+g.curve)
	} else {
		parts = append(parts, fmt.Sprintf("--prime %s --method %s --limbs %d", g.prime, g.method, g.limbs))
	}
	if g.fiat != "" {
		parts = append(parts, "--fiat "+g.fiat)
	}
	parts = append(parts, "--ops "+g.ops, "--package "+g.pkg)
	ops := make([]string, 0, len(g.genomes))
	for op := range g.genomes {
		ops = append(ops, op)
	}
	sort.Strings(ops)
	for _, op := range ops {
		parts = append(parts, "--genome "+op+"="+g.genomes[op])
	}
	return strings.Join(append(parts, "-o DIR"), " ")
}

// checkOutDir refuses an output directory that exists with files in it.
func checkOutDir(dir string) error {
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return nil
	case err != nil:
		return fmt.Errorf("%s: %w", dir, unwrapPath(err))
	case len(entries) > 0:
		return fmt.Errorf("-o %s: directory exists and is not empty", dir)
	}
	return nil
}

// writeDir writes files into a temporary sibling of dir and renames it into place, so
// that dir either appears complete or not at all.
func writeDir(dir string, files map[string][]byte) error {
	parent := filepath.Dir(filepath.Clean(dir))
	tmp, err := os.MkdirTemp(parent, ".gopkg-*")
	if err != nil {
		return fmt.Errorf("%s: %w", dir, unwrapPath(err))
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(tmp, name), data, 0o644); err != nil {
			os.RemoveAll(tmp)
			return fmt.Errorf("writing %s: %w", name, unwrapPath(err))
		}
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		os.RemoveAll(tmp)
		return err
	}
	// An existing dir is empty (checkOutDir): remove it, since os.Rename refuses to
	// replace a directory.
	if err := os.Remove(dir); err != nil && !errors.Is(err, os.ErrNotExist) {
		os.RemoveAll(tmp)
		return fmt.Errorf("%s: %w", dir, unwrapPath(err))
	}
	if err := os.Rename(tmp, dir); err != nil {
		os.RemoveAll(tmp)
		return fmt.Errorf("%s: %w", dir, unwrapPath(err))
	}
	return nil
}

// unwrapPath drops the *os.PathError wrapper, whose path the message already names.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
