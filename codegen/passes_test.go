package codegen

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
	"github.com/rules-cryptopt/rules_cryptopt/x86/abi"
)

// tinyFunc is out1 = [lo(arg1[0]·arg2[0]) + arg1[1], hi(arg1[0]·arg2[0])]: operation 0
// is the mulx, operation 1 the addition.
func tinyFunc() *ir.Func {
	b := ir.NewBuilder("tiny")
	zero, top := []uint64{0, 0}, []uint64{^uint64(0), ^uint64(0)}
	a, c := b.Param("arg1", ir.U64, zero, top), b.Param("arg2", ir.U64, zero, top)
	lo, hi := b.Mulx(ir.V(a[0]), ir.V(c[0]))
	s, _ := b.AddCarry(ir.C(0), ir.V(lo), ir.V(a[1]))
	b.Return("out1", ir.U64, []ir.Arg{ir.V(s), ir.V(hi)}, zero, top)
	return b.Func()
}

// runUpTo runs the compiler's passes on a fresh candidate up to and including pass last.
func runUpTo(t *testing.T, opts Options, last string) *gen {
	p, err := NewPlan(tinyFunc())
	require.NoError(t, err)
	g := &gen{}
	g.reset(p, []int{0, 1}, make([]int, len(p.Options())), opts)
	for _, ps := range passes() {
		require.NoError(t, ps.run(g), ps.name)
		if ps.name == last {
			return g
		}
	}
	t.Fatalf("no pass %s", last)
	return nil
}

// TestSchedulePass: use and store times; with out1 == arg1 no limb is stored before
// the last read of arg1 (time 2, by the addition).
func TestSchedulePass(t *testing.T) {
	for _, tc := range []struct {
		aliasing ir.Aliasing
		stores   []int32
	}{
		{ir.AliasNone, []int32{3, 1}},
		{ir.AliasOut1Arg1, []int32{3, 3}},
	} {
		g := runUpTo(t, Options{Aliasing: tc.aliasing}, "schedule")
		require.Equal(t, tc.stores, g.storeTime, tc.aliasing.String())
		arg1 := int32(len(g.f.Values) + 1)
		g.now = 0
		require.Equal(t, int32(0), g.nextNeed(arg1), "the mulx reads arg1[0]")
		g.now = 1
		require.Equal(t, int32(2), g.nextNeed(arg1), "the addition reads arg1[1]")
		g.now = 3
		require.False(t, g.live(arg1))
	}
}

// TestSelectPass: the walk emits the body (operations and stores), leaving the frame,
// the return and the program to the later passes.
func TestSelectPass(t *testing.T) {
	g := runUpTo(t, Options{Symbol: "f"}, "select")
	require.Nil(t, g.prog)
	var ops []x86.Opcode
	stores := 0
	for _, in := range g.body {
		ops = append(ops, in.Op)
		if in.Op == x86.MOV && in.Args[0].Kind == x86.KindMem && in.Args[0].Base != x86.RSP {
			stores++
		}
	}
	require.Contains(t, ops, x86.MULX)
	require.NotContains(t, ops, x86.RET)
	require.NotContains(t, ops, x86.PUSH)
	require.Equal(t, 2, stores)
	require.Equal(t, []bool{true, true}, g.stored)
}

// TestSpillPass: slots go to the red zone unless the genome asks for a frame, the target
// has no red zone or they do not fit.
func TestSpillPass(t *testing.T) {
	const redSlots = abi.RedZoneBytes / 8
	for _, tc := range []struct {
		name   string
		mode   int
		target Target
		slots  int
		frame  int32
		disp0  int32 // displacement of slot 0
		dispN  int32 // displacement of the last slot
	}{
		{"red zone", spillRed, TargetSysV, 3, 0, -8, -24},
		{"xmm mode spills to the red zone", spillXMM, TargetSysV, 2, 0, -8, -16},
		{"frame asked", spillFrame, TargetSysV, 3, 24, 0, 16},
		{"red zone full", spillRed, TargetSysV, redSlots + 1, 8 * (redSlots + 1), 0, 8 * redSlots},
		{"red zone exactly full", spillRed, TargetSysV, redSlots, 0, -8, -8 * redSlots},
		{"Go has no red zone", spillRed, TargetGo, 1, 8, 0, 0},
		{"Go never declares 128 bytes", spillRed, TargetGo, 16, 136, 0, 120},
		{"Go 15 slots", spillRed, TargetGo, 15, 120, 0, 112},
		{"a 128-byte System V frame stays", spillFrame, TargetSysV, 16, 128, 0, 120},
	} {
		g := &gen{dec: []int{tc.mode}, opts: Options{Target: tc.target}}
		g.slots = make([]int32, tc.slots)
		for s := range tc.slots {
			g.emit(x86.MOV, "", slotOperand(s), x86.R(x86.RAX))
		}
		require.NoError(t, g.layoutSlots())
		require.Equal(t, tc.frame, g.frameSize, tc.name)
		require.Equal(t, tc.disp0, g.body[0].Args[0].Disp, tc.name)
		require.Equal(t, tc.dispN, g.body[tc.slots-1].Args[0].Disp, tc.name)
	}
}

// TestFramePass: pushes and pops of the callee-saved registers written, the frame the
// spill pass chose, and the return.
func TestFramePass(t *testing.T) {
	for _, tc := range []struct {
		name   string
		target Target
		frame  int32
		want   []string
	}{
		{"red zone", TargetSysV, 0, []string{"push rbx", "push r12", "mov rax, 0x1", "pop r12", "pop rbx", "ret"}},
		{"frame", TargetSysV, 16, []string{"push rbx", "push r12", "sub rsp, 0x10", "mov rax, 0x1",
			"add rsp, 0x10", "pop r12", "pop rbx", "ret"}},
		{"Go", TargetGo, 8, []string{"push rbx", "push r12", "push r13", "push r14", "push r15",
			"push rbp", "mov rbp, rsp", "sub rsp, 0x8", "mov rax, 0x1", "add rsp, 0x8", "pop rbp",
			"pop r15", "pop r14", "pop r13", "pop r12", "pop rbx", "ret"}},
	} {
		g := &gen{opts: Options{Target: tc.target, Symbol: "f"}}
		g.callee = 1<<x86.RBX | 1<<x86.R12
		g.frameSize = tc.frame
		g.emit(x86.MOV, "", x86.R(x86.RAX), x86.I(1))
		require.NoError(t, g.frame())
		var got []string
		for _, in := range g.prog.Insts {
			got = append(got, in.String())
		}
		require.Equal(t, tc.want, got, tc.name)
		require.Equal(t, "f", g.prog.Symbol)
	}
}

// TestAllocator: caller-saved registers first, then callee-saved ones, which are marked
// for the frame pass to save.
func TestAllocator(t *testing.T) {
	g := runUpTo(t, Options{}, "schedule")
	require.Equal(t, x86.RAX, g.allocReg())
	for _, r := range allocOrder {
		if !isCalleeSaved(r) {
			g.lockReg(r)
		}
	}
	r := g.allocReg()
	require.Equal(t, x86.RBX, r)
	require.NotZero(t, g.callee&(1<<x86.RBX))
	g.lockReg(r)
	g.allowed &^= 1 << x86.RBP // FramePointerSave
	require.Equal(t, x86.R12, g.allocReg())
}

// TestFlagPlanner: a value still needed is copied out of CF (setc, movzx) before an
// instruction overwrites CF; a dead one is dropped.
func TestFlagPlanner(t *testing.T) {
	g := runUpTo(t, Options{}, "schedule")
	lo := int32(g.f.Body[0].Results[0]) // read by the addition at time 2
	g.now = 1
	g.cf = flagState{kind: flagValue, v: lo}
	g.clobber(true, false)
	require.Equal(t, flagState{}, g.cf)
	require.Len(t, g.body, 2)
	require.Equal(t, x86.SET, g.body[0].Op)
	require.Equal(t, x86.CondC, g.body[0].Cond)
	require.Equal(t, x86.MOVZX, g.body[1].Op)
	require.NotEqual(t, x86.NoReg, g.reg[lo])

	g.now = 3 // lo is dead
	g.cf = flagState{kind: flagValue, v: lo}
	g.clobber(true, true)
	require.Len(t, g.body, 2)
}

// TestVerifyPass: the verify pass refuses a program that writes through an input pointer.
func TestVerifyPass(t *testing.T) {
	g := runUpTo(t, Options{Symbol: "f"}, "frame")
	require.NoError(t, g.verify())
	insts := g.prog.Insts
	bad := append(append([]x86.Inst(nil), insts[:len(insts)-1]...),
		x86.Inst{Op: x86.MOV, Args: []x86.Operand{x86.M(x86.RSI, 0), x86.R(x86.RAX)}}, insts[len(insts)-1])
	g.prog = &x86.Program{Symbol: "f", Insts: bad}
	require.Error(t, g.verify())
}
