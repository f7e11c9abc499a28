package objfile

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"testing"

	"github.com/stretchr/testify/require"
)

// vecFn loads a constant with vpbroadcastq through a PC32 relocation, the way clang's
// AVX2 builds do (vpbroadcastq ymm1, qword ptr [rip + .LCPI0_0]); %s is the address.
const vecFn = ".globl f\n.type f,@function\nf:\nvpbroadcastq ymm1, qword ptr [rip + %s]\nret\n.size f, .-f\n"

const cst8 = ".section .rodata.cst8,\"aM\",@progbits,8\n.p2align 3\n"

// TestConstRelocations: the one relocation accepted in a function is the address of a
// read-only constant of this object; every way the linker (or another object) could
// change what the load reads is refused.
func TestConstRelocations(t *testing.T) {
	for _, tc := range []struct {
		name, addr, data, refusal string
		want                      uint64
	}{
		{"clang's mask", ".LC0", cst8 + ".LC0:\n.quad 0x3ffffffffffffff\n", "", 0x3ffffffffffffff},
		{"plain .rodata", ".LC0+8", ".section .rodata\n.LC0:\n.quad 1\n.quad 2\n", "", 2},
		{"writable .data", ".LC0", ".data\n.LC0:\n.quad 1\n", "writable", 0},
		{"global symbol", "K", cst8 + ".globl K\nK:\n.quad 1\n", "GLOBAL", 0},
		{"weak symbol", "K", cst8 + ".weak K\nK:\n.quad 1\n", "WEAK", 0},
		{"undefined symbol", "K", "", "STB_GLOBAL", 0},
		{"executable section", ".LC0", ".section .text.k,\"ax\",@progbits\n.LC0:\n.quad 1\n", "executable", 0},
		{"COMDAT section", ".LC0", ".section .rodata.k,\"aG\",@progbits,grp,comdat\n.LC0:\n.quad 1\n", "COMDAT", 0},
		{"bss", ".LC0", ".section .bss\n.LC0:\n.zero 8\n", "not loaded data", 0},
		{"past the section", ".LC0+4", ".section .rodata\n.LC0:\n.quad 1\n", "outside", 0},
		{"before the section", ".LC0-8", ".section .rodata\n.LC0:\n.quad 1\n", "outside", 0},
		{"across merge entries", ".LC0+4", cst8 + ".LC0:\n.quad 1\n.LC1:\n.quad 2\n", "outside", 0},
		{"constant patched by a relocation", ".LC0", ".section .rodata\n.LC0:\n.quad g\n", "patches", 0},
		{"string section", ".LC0", ".section .rodata.str1.1,\"aMS\",@progbits,1\n.LC0:\n.string \"abcdefg\"\n", "mergeable", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := prologue + fmtf(vecFn, tc.addr) + tc.data
			f, err := Read(assemble(t, src), "f")
			if err == nil {
				var v uint64
				v, err = f.Const(5, 9, 8)
				if tc.refusal == "" {
					require.NoError(t, err)
					require.Equal(t, tc.want, v)
					require.Equal(t, []int{5}, f.ConstFields())
					return
				}
			}
			require.Error(t, err)
			var r *RefusedError
			require.ErrorAs(t, err, &r)
			require.Contains(t, err.Error(), tc.refusal)
		})
	}
}

// TestConstOtherRelocations: relocations of other types or elsewhere stay refused, and
// Const refuses a field no relocation patches and a non-zero placeholder.
func TestConstOtherRelocations(t *testing.T) {
	for _, tc := range []struct{ name, code, refusal string }{
		{"absolute address", "mov rax, qword ptr [.LC0]\nret\n", "R_X86_64_32S"},
		{"call", "call g\nret\n", "R_X86_64_PLT32"},
		{"GOT load", "mov rax, qword ptr [rip + g@GOTPCREL]\nret\n", "GOTPCREL"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := prologue + ".globl f\n.type f,@function\nf:\n" + tc.code + ".size f, .-f\n" + cst8 + ".LC0:\n.quad 1\n"
			_, err := Read(assemble(t, src), "f")
			var r *RefusedError
			require.ErrorAs(t, err, &r)
			require.Contains(t, err.Error(), tc.refusal)
		})
	}
	f, err := Read(assemble(t, prologue+fmtf(vecFn, ".LC0")+cst8+".LC0:\n.quad 1\n"), "f")
	require.NoError(t, err)
	_, err = f.Const(4, 9, 8)
	require.ErrorContains(t, err, "no accepted relocation")
	f.Code = append([]byte(nil), f.Code...)
	f.Code[5] = 1
	_, err = f.Const(5, 9, 8)
	require.ErrorContains(t, err, "not 0 before linking")
}

func fmtf(format string, a ...any) string { return fmt.Sprintf(format, a...) }

// TestConstCraftedAddend: addends no assembler writes (patched into the object) are
// refused, not wrapped around into the section or past a bounds check.
func TestConstCraftedAddend(t *testing.T) {
	o := assemble(t, prologue+fmtf(vecFn, ".LC0")+cst8+".LC0:\n.quad 1\n")
	data, err := os.ReadFile(o)
	require.NoError(t, err)
	ef, err := elf.NewFile(bytes.NewReader(data))
	require.NoError(t, err)
	rela := ef.Section(".rela.text")
	require.NotNil(t, rela)
	for _, addend := range []int64{math.MaxInt64 - 8, math.MaxInt64 - 3, math.MinInt64, 1 << 40, -(1 << 40)} {
		m := append([]byte(nil), data...)
		binary.LittleEndian.PutUint64(m[rela.Offset+16:], uint64(addend))
		f, err := Parse(m, "f")
		if err == nil {
			_, err = f.Const(5, 9, 8)
		}
		var r *RefusedError
		require.ErrorAs(t, err, &r, "addend %d", addend)
	}
}
