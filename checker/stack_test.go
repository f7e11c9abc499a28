package checker

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Stack discipline that survives signals (issue 9, item 4): each row moves mix.asm's save
// and restore of rbx somewhere else. Accepted rows keep the slot in the frame or red zone
// from write to read; refused rows let a signal handler overwrite it in between.
func TestStackDiscipline(t *testing.T) {
	src := string(readTestdata(t, "mix.asm"))
	const save, restore = "mov [ rsp - 0x10 ], rbx ; save rbx in the red zone", "mov rbx, [ rsp - 0x10 ] ; restore rbx"
	for _, tc := range []struct {
		name, save, restore string
		refusal             string // "" when proved
		emuCatches          bool   // the emulator's simulated signal also shows it wrong
	}{
		{"red-zone", save, restore, "", false},
		{"frame", "sub rsp, 0x200\nmov [ rsp + 0x8 ], rbx", "mov rbx, [ rsp + 0x8 ]\nadd rsp, 0x200", "", false},
		{"push-pop", "push rbx", "pop rbx", "", false},
		// The case: the frame is released, then rbx is saved 0x200 below rsp.
		{"below-red-zone-after-release", "sub rsp, 0x200\nadd rsp, 0x200\nmov [ rsp - 0x200 ], rbx",
			"mov rbx, [ rsp - 0x200 ]", "below the red zone", false},
		// Saved in the frame, frame released, reallocated and read back.
		{"released-frame-slot", "sub rsp, 0x200\nmov [ rsp ], rbx\nadd rsp, 0x200",
			"sub rsp, 0x200\nmov rbx, [ rsp ]\nadd rsp, 0x200", "released", true},
		// Saved in a small frame, released, read from the red zone: stricter than the ABI.
		{"released-into-red-zone", "sub rsp, 0x10\nmov [ rsp ], rbx\nadd rsp, 0x10",
			"mov rbx, [ rsp - 0x10 ]", "released", false},
		// Popped, then read again below rsp.
		{"read-after-pop", "push rbx\npop rax", "mov rbx, [ rsp - 0x8 ]", "released", false},
		// Straddles the return address: the low 4 bytes in the red zone, the high 4 the
		// caller's (an 8-byte store at rsp-4 overwrites half of it).
		{"straddles-return-address", "mov [ rsp - 0x4 ], rbx", "mov rbx, [ rsp - 0x4 ]", "caller's stack", false},
		{"over-return-address", "mov [ rsp ], rbx", "mov rbx, [ rsp ]", "caller's stack", false},
		// Written again after the release: live again.
		{"rewritten-after-release", "sub rsp, 0x10\nadd rsp, 0x10\nmov [ rsp - 0x10 ], rbx", restore, "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := strings.Replace(strings.Replace(src, save, tc.save, 1), restore, tc.restore, 1)
			require.NotEqual(t, src == text, tc.save != save)
			rep, err := Check(mixFunc(), []byte(text), Options{RandomTrials: 64})
			require.NoError(t, err)
			if tc.refusal == "" {
				require.True(t, rep.Proved, "%+v", rep)
				return
			}
			require.False(t, rep.Proved)
			require.Equal(t, "program", rep.Failures[0].What)
			require.Contains(t, rep.Failures[0].AsmExpr, tc.refusal)
			if tc.emuCatches {
				require.NotNil(t, rep.Counterexample, "the emulator's signal should clobber the slot")
				require.Contains(t, rep.Counterexample.Error, "rbx not restored")
			}
		})
	}
}
