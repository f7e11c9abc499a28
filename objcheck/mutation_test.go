package objcheck

import (
	"context"
	"encoding/binary"
	"errors"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/checker"
	"github.com/rules-cryptopt/rules_cryptopt/codegen"
	"github.com/rules-cryptopt/rules_cryptopt/fields"
	"github.com/rules-cryptopt/rules_cryptopt/internal/objrun"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/ir/cemit"
	"github.com/rules-cryptopt/rules_cryptopt/objfile"
	"github.com/rules-cryptopt/rules_cryptopt/search"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// subject is one assembled function whose object is mutated.
type subject struct {
	name, obj, symbol string
	fn                *ir.Func
}

func fieldFunc(t *testing.T, field, op string) *ir.Func {
	F, err := fields.Lookup(field)
	require.NoError(t, err)
	fn, err := F.Func(op)
	require.NoError(t, err)
	return fn
}

// mutationSubjects: six compile outputs (gcc-assembled) and gcc/clang-19 -O3 builds of
// emit-c's C: poly1305, p256, curve25519_solinas and secp256k1_montgomery mul by both,
// p224 mul by both, curve25519_solinas and p448_solinas square by clang, and clang's AVX2
// secp256k1_dettman mul (its mask read through a PC32 relocation: linked for the runs).
func mutationSubjects(t *testing.T, dir string) []subject {
	var out []subject
	for i, fo := range [][2]string{{"poly1305", "mul"}, {"poly1305", "square"}, {"curve25519", "mul"},
		{"curve25519", "square"}, {"p224", "square"}, {"secp256k1_dettman", "mul"}} {
		fn := fieldFunc(t, fo[0], fo[1])
		plan, err := codegen.NewPlan(fn)
		require.NoError(t, err)
		g := search.Random(search.Problem{Deps: plan.Deps(), Options: plan.Options()}, rand.New(rand.NewSource(int64(i))))
		sym := "ours_" + fo[0] + "_" + fo[1]
		prog, _, err := plan.Generate(g.Order, g.Decisions, codegen.Options{Symbol: sym, FramePointer: codegen.FramePointer(i % 2)})
		require.NoError(t, err)
		src := filepath.Join(dir, sym+".S")
		require.NoError(t, os.WriteFile(src, x86.PrintGNU(prog), 0o644))
		obj, err := Assemble(context.Background(), src, "gcc", dir)
		require.NoError(t, err)
		out = append(out, subject{sym, obj, sym, fn})
	}
	// clang's secp256k1_montgomery and curve25519_solinas mul are proved only through the
	// sign-borrow and add-carry-mod rules, gcc's curve25519_solinas mul through not-bit-wide
	// and mod-neg-bit, gcc's secp256k1_montgomery mul through not-bit-wide and add-carry-mod
	// probing a wide low part, both compilers' p224 mul through mod-not, add-carry-field and
	// shr-neg-low, clang's curve25519_solinas square (each product once, doubled) through
	// shr-halve, mod-halve and shr-residue, clang's p448_solinas square (the Karatsuba's
	// subtracted products summed first) through mod-join-borrows in the fifth attempt,
	// gcc's sm2 mul through the quotient rules in the sixth: their mutants test those rules.
	for _, fc := range [][3]string{{"poly1305", "mul", "gcc"}, {"poly1305", "mul", "clang-19"}, {"p256", "mul", "gcc"},
		{"p256", "mul", "clang-19"}, {"secp256k1_montgomery", "mul", "clang-19"}, {"curve25519_solinas", "mul", "clang-19"},
		{"curve25519_solinas", "mul", "gcc"}, {"secp256k1_montgomery", "mul", "gcc"}, {"p224", "mul", "gcc"},
		{"p224", "mul", "clang-19"}, {"curve25519_solinas", "square", "clang-19"}, {"p448_solinas", "square", "clang-19"},
		{"secp256k1_dettman", "mul", "clang-19"}, // AVX2, its mask through a relocation
		{"sm2", "mul", "gcc"}} {
		fo, cc := fc[:2], fc[2]
		fn := fieldFunc(t, fo[0], fo[1])
		sym := cc[:3] + "_" + fo[0] + "_" + fo[1]
		c, err := cemit.Emit(fn, sym)
		require.NoError(t, err)
		src, obj := filepath.Join(dir, sym+".c"), filepath.Join(dir, sym+".o")
		require.NoError(t, os.WriteFile(src, c, 0o644))
		b, err := exec.Command(cc, "-O3", "-march=x86-64-v3", "-madx", "-c", "-o", obj, src).CombinedOutput()
		require.NoError(t, err, string(b))
		out = append(out, subject{sym, obj, sym, fn})
	}
	return out
}

// mutantStats counts mutants by what the checker and the CPU said.
type mutantStats struct{ total, refused, notProved, proved, panicked, wrong, provedWrong int }

// safeCheck runs the checker, turning a panic (a checker bug: issue 9 item 8) into a count
// rather than the end of the run.
func safeCheck(fn *ir.Func, ld *Loaded, seed uint64) (rep checker.Report, err error, panicked bool) {
	defer func() {
		if r := recover(); r != nil {
			panicked = true
		}
	}()
	rep, err = checker.CheckProgram(fn, ld.Program, checker.Options{RandomTrials: 16, Seed: seed})
	return rep, err, false
}

// TestObjectMutants flips bits, overwrites, inserts and deletes bytes of the function in
// assembled objects (flips and overwrites in the .o file itself, read back through
// LoadObject), checks every mutant and runs every mutant: no mutant that computes a wrong
// result (or crashes, or writes outside out1) may be proved. CRYPTOPT_OBJ_MUTANTS sets the
// mutants per function (the documented full run: 600 x 14 objects; 16 objects since branch h-mont).
func TestObjectMutants(t *testing.T) {
	requireTools(t, "gcc", "clang-19")
	per := envInt("CRYPTOPT_OBJ_MUTANTS", 40)
	dir := t.TempDir()
	run, err := objrun.Build(dir)
	require.NoError(t, err)
	var all mutantStats
	subjects := mutationSubjects(t, dir)
	for i, s := range subjects {
		st := mutateSubject(t, run, s, per, rand.New(rand.NewSource(int64(100+i))), dir)
		t.Logf("%s: %+v", s.name, st)
		require.Zero(t, st.provedWrong, "%s: a wrong mutant was proved", s.name)
		all.total += st.total
		all.refused += st.refused
		all.notProved += st.notProved
		all.proved += st.proved
		all.panicked += st.panicked
		all.wrong += st.wrong
		all.provedWrong += st.provedWrong
	}
	t.Logf("all: %d mutants of %d objects: %d refused (decode/round trip/object), %d not proved, %d proved, %d checker panics; %d run wrong; %d wrong and proved",
		all.total, len(subjects), all.refused, all.notProved, all.proved, all.panicked, all.wrong, all.provedWrong)
}

func mutateSubject(t *testing.T, run *objrun.Runner, s subject, n int, rng *rand.Rand, dir string) mutantStats {
	f, err := objfile.Read(s.obj, s.symbol)
	require.NoError(t, err)
	data, err := os.ReadFile(s.obj)
	require.NoError(t, err)
	link := linker(t, f)
	inputs := objrun.Inputs(s.fn, rng, 24)
	blobs := make([][]byte, n)
	proved := make([]bool, n)
	var st mutantStats
	for i := range n {
		code, ld, err := mutant(t, i%4, f, data, rng, s.symbol, filepath.Join(dir, "m.o"))
		blobs[i] = code
		if i%4 < 2 { // read back from the object: its relocations apply (inserted or deleted bytes: LoadCode, none)
			blobs[i] = link(code)
		}
		st.total++
		if err != nil {
			// A mutant that lost its final ret is a truncated function: bad input (exit 2)
			// since the merged checker paths; any other error must be a refusal.
			var bad *objfile.BadInputError
			require.True(t, IsRefused(err) || errors.As(err, &bad), "%v", err)
			st.refused++
			continue
		}
		rep, err, panicked := safeCheck(s.fn, ld, uint64(i))
		if panicked {
			st.panicked++
			t.Errorf("%s mutant %d: the checker panicked (% x)", s.name, i, code)
			continue
		}
		if errors.Is(err, checker.ErrShape) { // not the function's shape: refused (exit 2)
			st.refused++
			continue
		}
		require.NoError(t, err)
		proved[i] = rep.Proved
		if rep.Proved {
			st.proved++
		} else {
			st.notProved++
		}
	}
	// The unmutated code first: the harness must find it right, or "wrong" means nothing.
	res, err := run.Run(s.fn, append([][]byte{link(f.Code)}, blobs...), inputs)
	require.NoError(t, err)
	why, err := objrun.Wrong(s.fn, inputs, res[0])
	require.NoError(t, err)
	require.Empty(t, why, "%s: the unmutated function runs wrong in the harness", s.name)
	for i, r := range res[1:] {
		why, err := objrun.Wrong(s.fn, inputs, r)
		require.NoError(t, err)
		if why != "" {
			st.wrong++
			if proved[i] {
				st.provedWrong++
				t.Errorf("%s mutant %d proved but runs wrong: %s (% x)", s.name, i, why, blobs[i])
			}
		}
	}
	return st
}

// linker returns what the linker makes of f's code (or a mutant of it, same length): the
// constants its relocations address appended after the code, each disp32 patched to reach
// its constant, as the blob runner has no linker. The identity without relocations.
func linker(t *testing.T, f *objfile.Function) func([]byte) []byte {
	fields := f.ConstFields()
	vals := make([]uint64, len(fields))
	for i, fd := range fields {
		v, err := f.Const(fd, fd+4, 8) // the model's one form: the disp32 ends the instruction
		require.NoError(t, err)
		vals[i] = v
	}
	return func(code []byte) []byte {
		if len(fields) == 0 {
			return code
		}
		out := append(append([]byte(nil), code...), make([]byte, (8-len(code)%8)%8)...)
		for i, fd := range fields {
			binary.LittleEndian.PutUint32(out[fd:], uint32(len(out)-(fd+4)))
			out = binary.LittleEndian.AppendUint64(out, vals[i])
		}
		return out
	}
}

// mutant makes one mutant of f's code: kind 0 flips a bit and 1 overwrites a byte in the
// object file (then LoadObject reads it back), 2 inserts and 3 deletes a byte (LoadCode).
func mutant(t *testing.T, kind int, f *objfile.Function, data []byte, rng *rand.Rand, sym, path string) ([]byte, *Loaded, error) {
	pos := rng.Intn(len(f.Code))
	switch kind {
	case 0, 1:
		m := append([]byte(nil), data...)
		at := int(f.FileOff) + pos
		if kind == 0 {
			m[at] ^= 1 << rng.Intn(8)
		} else {
			m[at] = byte(rng.Intn(256))
		}
		require.NoError(t, os.WriteFile(path, m, 0o644))
		code := append([]byte(nil), m[f.FileOff:int(f.FileOff)+len(f.Code)]...)
		ld, err := LoadObject(path, sym, "")
		return code, ld, err
	case 2:
		code := append(append(append([]byte(nil), f.Code[:pos]...), byte(rng.Intn(256))), f.Code[pos:]...)
		ld, err := LoadCode(sym, code)
		return code, ld, err
	}
	code := append(append([]byte(nil), f.Code[:pos]...), f.Code[pos+1:]...)
	ld, err := LoadCode(sym, code)
	return code, ld, err
}
