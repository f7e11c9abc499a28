package main

import (
	"fmt"
	"strings"

	"github.com/rules-cryptopt/rules_cryptopt/internal/outfile"
)

// reservedSymbols are names a symbol must not have, compared case-insensitively: in
// Intel syntax GNU as and NASM read them as registers or operators, so `call rax` or
// `qword:` would assemble to something else or not at all; C keywords cannot name the
// function for its C callers.
var reservedSymbols = func() map[string]bool {
	m := map[string]bool{}
	words := `byte word dword qword tbyte fword oword xmmword ymmword zmmword ptr offset flat short near far
		rel abs seg wrt strict nosplit times db dw dd dq dt do dy dz resb resw resd resq rest reso resy resz
		equ section segment global extern common bits default align alignb incbin istruc iend at struc endstruc
		and or xor not mod shl shr eq ne lt le gt ge
		rip eip ip cs ds es fs gs ss st
		auto break case char const continue do double else enum extern float for goto if inline int long
		register restrict return short signed sizeof static struct switch typedef union unsigned void volatile while
		_bool _complex _imaginary _alignas _alignof _atomic _generic _noreturn _static_assert _thread_local
		alignas alignof bool false true nullptr static_assert thread_local typeof typeof_unqual constexpr`
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	for _, r := range []string{"ax", "bx", "cx", "dx", "si", "di", "sp", "bp"} {
		m["r"+r], m["e"+r], m[r] = true, true, true
	}
	for _, r := range []string{"al", "bl", "cl", "dl", "ah", "bh", "ch", "dh", "sil", "dil", "spl", "bpl"} {
		m[r] = true
	}
	for i := 0; i < 32; i++ {
		for _, f := range []string{"xmm%d", "ymm%d", "zmm%d"} {
			m[fmt.Sprintf(f, i)] = true
		}
		if i >= 8 && i < 16 {
			for _, f := range []string{"r%d", "r%dd", "r%dw", "r%db", "r%dl"} {
				m[fmt.Sprintf(f, i)] = true
			}
		}
		if i < 8 {
			for _, f := range []string{"mm%d", "k%d", "st%d", "cr%d", "dr%d", "tr%d"} {
				m[fmt.Sprintf(f, i)] = true
			}
		}
	}
	return m
}()

// checkSymbol accepts a C identifier of at most maxSymbolBytes that is not a register,
// an assembler keyword or a C keyword: a name GNU as, NASM and C callers all read as the
// function's symbol.
func checkSymbol(s string) error {
	if len(s) > maxSymbolBytes {
		return fmt.Errorf("--symbol %s is longer than %d bytes", outfile.Clip(s), maxSymbolBytes)
	}
	if !validCSymbol(s) {
		return fmt.Errorf("--symbol %s is not a valid symbol name (want letters, digits and _, not starting with a digit)", outfile.Clip(s))
	}
	if reservedSymbols[strings.ToLower(s)] {
		return fmt.Errorf("--symbol %q is a register or assembler/C keyword; choose another name", s)
	}
	return nil
}
