package codegen

import (
	"slices"
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

// runUpTo runs the compiler's passes on a fresh candidate up to and including pass last
// (decisions nil: all zero).
func runUpTo(t *testing.T, opts Options, last string, decisions []int) *gen {
	p, err := NewPlan(tinyFunc())
	require.NoError(t, err)
	if decisions == nil {
		decisions = make([]int, len(p.Options()))
	}
	g := &gen{}
	g.reset(p, []int{0, 1}, decisions, opts)
	for _, ps := range passes() {
		ps.run(g)
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
		g := runUpTo(t, Options{Aliasing: tc.aliasing}, "schedule", nil)
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

// instOps lists the opcodes of a program's instruction steps.
func instOps(prog []step) []x86.Opcode {
	var ops []x86.Opcode
	for _, s := range prog {
		if s.kind == instStep {
			ops = append(ops, s.op)
		}
	}
	return ops
}

func kinds(prog []step) []stepKind {
	var out []stepKind
	for _, s := range prog {
		out = append(out, s.kind)
	}
	return out
}

// TestSelectPass: the walk emits a virtual program (operations and stores) over
// temporaries; no register is chosen and nothing is emitted before the allocator. The
// carry chain's flag is select's decision; mulx's rdx operand is left to the allocator.
func TestSelectPass(t *testing.T) {
	for _, tc := range []struct {
		name      string
		decisions []int
		ops       []x86.Opcode
		clear     bool      // asks the flag pass to zero the flags
		of        flagState // what select leaves in OF
	}{
		{"CF chain", []int{0, 0, 0}, []x86.Opcode{x86.MULX, x86.MOV, x86.ADD, x86.MOV}, false, garbage},
		{"OF chain", []int{0, 0, 1}, []x86.Opcode{x86.MULX, x86.MOV, x86.ADOX, x86.MOV}, true, holding(7)},
		{"rdx operand left to the allocator", []int{0, 1, 0}, []x86.Opcode{x86.MULX, x86.MOV, x86.ADD, x86.MOV}, false, garbage},
	} {
		g := runUpTo(t, Options{Symbol: "f"}, "select", tc.decisions)
		require.Len(t, g.body, frameRoom, tc.name)
		require.Equal(t, tc.ops, instOps(g.sel), tc.name)
		require.Equal(t, tc.clear, slices.Contains(kinds(g.sel), clearStep), tc.name)
		require.Equal(t, tc.of, g.sf.of, tc.name)
		require.Contains(t, kinds(g.sel), swapStep, "%s: the addition commutes", tc.name)
		for _, s := range g.sel {
			if s.kind == rdxStep {
				require.Equal(t, []ir.Arg{g.f.Body[0].Args[0], g.f.Body[0].Args[1]}, []ir.Arg{s.argA(), s.argB()}, tc.name)
				require.Equal(t, int32(1), s.d, tc.name)
			}
		}
	}
}

// program is the virtual program after the flag pass: select's steps with the flag
// pass's inserted before them (the consumed-carry markers, which the allocator ignores,
// left out).
func program(g *gen) []step {
	var out []step
	j := 0
	for i, s := range g.sel {
		for ; j < len(g.fix) && g.fixAt[j] == int32(i); j++ {
			out = append(out, g.fix[j])
		}
		if s.kind != consumeStep {
			out = append(out, s)
		}
	}
	return out
}

// TestFlagPass: saves before an instruction overwrites a live carry (none for a dead one
// or a flag left alone), carries put into CF, flags zeroed, a consumed carry needed later
// preserved. lo (value 4) is read at time 2, hi (value 5) stored at time 1.
func TestFlagPass(t *testing.T) {
	const lo = 4
	inst := func(cf, of flagState) step { return step{kind: instStep, op: x86.ADD, cf: cf, of: of} }
	save := func(c x86.Cond, keep uint8) step { return step{kind: saveStep, a: lo, cond: c, allow: keep} }
	for _, tc := range []struct {
		name string
		at   int32
		sel  []step
		want []step // the inserted steps, with the selected ones (kind, op, cond, a, allow)
	}{
		{"live carry saved", 1, []step{inst(holding(4), keep), inst(garbage, garbage)},
			[]step{inst(holding(4), keep), save(x86.CondC, 0), inst(garbage, garbage)}},
		{"dead carry dropped", 3, []step{inst(holding(4), keep), inst(garbage, garbage)},
			[]step{inst(holding(4), keep), inst(garbage, garbage)}},
		{"flag left alone", 1, []step{inst(holding(4), keep), inst(keep, garbage)},
			[]step{inst(holding(4), keep), inst(keep, garbage)}},
		{"carry from OF into CF", 1, []step{inst(keep, holding(4)), {kind: needStep, a: lo}},
			[]step{inst(keep, holding(4)), save(x86.CondO, 0), {kind: tieStep, a: lo, t: maxTemps - 1},
				{kind: instStep, op: x86.ADD}, {kind: needStep, a: lo}}},
		{"clc", 1, []step{{kind: needStep, a: -1, k: 0}}, []step{{kind: instStep, op: x86.CLC}, {kind: needStep, a: -1, k: 0}}},
		{"stc", 1, []step{{kind: needStep, a: -1, k: 1}}, []step{{kind: instStep, op: x86.STC}, {kind: needStep, a: -1, k: 1}}},
		{"zeroed", 1, []step{inst(holding(4), keep), {kind: clearStep}},
			[]step{inst(holding(4), keep), save(x86.CondC, 0), {kind: zeroStep}, {kind: clearStep}}},
		{"consumed carry preserved", 1, []step{inst(holding(4), keep), {kind: consumeStep, a: lo}, inst(holding(5), keep)},
			[]step{inst(holding(4), keep), save(x86.CondC, 1), inst(holding(5), keep)}},
	} {
		g := runUpTo(t, Options{}, "schedule", nil)
		g.sel = append([]step{{kind: beginStep}}, tc.sel...)
		for i := range g.sel {
			g.sel[i].at = tc.at
		}
		g.flagPass()
		type shape struct {
			kind  stepKind
			op    x86.Opcode
			cond  x86.Cond
			a     ir.Arg
			allow uint8
		}
		var got, want []shape
		for _, s := range program(g)[1:] {
			got = append(got, shape{s.kind, s.op, s.cond, s.argA(), s.allow})
		}
		for _, s := range tc.want {
			want = append(want, shape{s.kind, s.op, s.cond, s.argA(), s.allow})
		}
		require.Equal(t, want, got, tc.name)
	}
}

// TestAllocPass: registers for the virtual program of the tiny function: the genome's
// operand goes to rdx (the arg2 pointer moves out), the tied addend is the product's low
// half, which dies there; the OF chain starts after a clearing xor of a free register.
func TestAllocPass(t *testing.T) {
	for _, tc := range []struct {
		name      string
		decisions []int
		want      []string
	}{
		{"CF chain", []int{0, 0, 0}, []string{"mov rax, rdx", "mov rdx, qword ptr [rsi]", "mulx rcx, r8, qword ptr [rax]",
			"mov qword ptr [rdi + 0x8], rcx", "add r8, qword ptr [rsi + 0x8]", "mov qword ptr [rdi], r8"}},
		{"second operand in rdx", []int{0, 1, 0}, []string{"mov rax, rdx", "mov rdx, qword ptr [rax]",
			"mulx rax, rcx, qword ptr [rsi]", "mov qword ptr [rdi + 0x8], rax", "add rcx, qword ptr [rsi + 0x8]", "mov qword ptr [rdi], rcx"}},
		{"OF chain", []int{0, 0, 1}, []string{"mov rax, rdx", "mov rdx, qword ptr [rsi]", "mulx rcx, r8, qword ptr [rax]",
			"mov qword ptr [rdi + 0x8], rcx", "xor rax, rax", "adox r8, qword ptr [rsi + 0x8]", "mov qword ptr [rdi], r8"}},
	} {
		g := runUpTo(t, Options{}, "alloc", tc.decisions)
		var got []string
		for _, in := range g.body[frameRoom:] {
			got = append(got, in.String())
		}
		require.Equal(t, tc.want, got, tc.name)
	}
}

// TestAllocPassSteps: the allocator's own choices on hand-written steps. Values: arg1[0]
// (0) and arg2[0] (2) are read at time 0, arg1[1] (1) and lo (4) at time 2.
func TestAllocPassSteps(t *testing.T) {
	const a0, a1, c0, lo = 0, 1, 2, 4
	add := step{kind: instStep, op: x86.ADD, nargs: 2, args: [3]varg{regArg(2), regArg(1)}, cf: keep, of: keep}
	for _, tc := range []struct {
		name string
		at   int32
		prog []step
		want []string
		used int // decision 1 (the mulx) as applied
	}{
		{"a commuting pair puts the operand dying in a register first", 0, []step{
			{kind: useStep, t: 0, a: c0, allow: opReg}, {kind: swapStep, a: a0, b: c0},
			{kind: useStep, t: 1, a: c0, allow: opReg | opMem}, {kind: tieStep, t: 2, a: a0}, add},
			[]string{"mov rax, qword ptr [rdx]", "add rax, qword ptr [rsi]"}, 0},
		{"no swap without a dying register", 0, []step{
			{kind: swapStep, a: a0, b: c0}, {kind: useStep, t: 1, a: c0, allow: opReg | opMem}, {kind: tieStep, t: 2, a: a0}, add},
			[]string{"mov rax, qword ptr [rsi]", "add rax, qword ptr [rdx]"}, 0},
		{"a flag value alone is saved", 1, []step{{kind: instStep, op: x86.STC, cf: holding(4), of: keep},
			{kind: saveStep, a: lo, cond: x86.CondC}},
			[]string{"stc", "setc al", "movzx rax, al"}, 0},
		{"a flag value with a register is not", 2, []step{{kind: useStep, t: 0, a: a1, allow: opReg},
			{kind: instStep, op: x86.STC, cf: holding(1), of: keep}, {kind: saveStep, a: a1, cond: x86.CondC}},
			[]string{"mov rax, qword ptr [rsi + 0x8]", "stc"}, 0},
		{"mulx takes the operand already in rdx", 0, []step{{kind: rdxStep, a: c0, b: a0, d: 1},
			{kind: rdxStep, a: a0, b: c0, d: 1}},
			[]string{"mov rax, rdx", "mov rdx, qword ptr [rax]"}, 1},
	} {
		g := runUpTo(t, Options{}, "schedule", nil)
		g.sel = append([]step{{kind: beginStep}}, tc.prog...)
		for i := range g.sel {
			g.sel[i].at = tc.at
		}
		g.allocPass()
		var got []string
		for _, in := range g.body[frameRoom:] {
			got = append(got, in.String())
		}
		require.Equal(t, tc.want, got, tc.name)
		require.Equal(t, tc.used, g.used[1], tc.name)
	}
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
		g.body, g.slots = make([]x86.Inst, frameRoom), make([]int32, tc.slots)
		for s := range tc.slots {
			g.emit(x86.MOV, "", slotOperand(s), x86.R(x86.RAX))
		}
		g.layoutSlots()
		require.Equal(t, tc.frame, g.frameSize, tc.name)
		require.Equal(t, tc.disp0, g.body[frameRoom].Args[0].Disp, tc.name)
		require.Equal(t, tc.dispN, g.body[frameRoom+tc.slots-1].Args[0].Disp, tc.name)
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
		g.body, g.callee = make([]x86.Inst, frameRoom), 1<<x86.RBX|1<<x86.R12
		g.frameSize = tc.frame
		g.emit(x86.MOV, "", x86.R(x86.RAX), x86.I(1))
		g.frame()
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
	g := runUpTo(t, Options{}, "schedule", nil)
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

// TestVerifyPass: the verify pass refuses a program that writes through an input pointer.
func TestVerifyPass(t *testing.T) {
	g := runUpTo(t, Options{Symbol: "f"}, "frame", nil)
	require.NoError(t, passErr(g.verify))
	insts := g.prog.Insts
	bad := append(append([]x86.Inst(nil), insts[:len(insts)-1]...),
		x86.Inst{Op: x86.MOV, Args: []x86.Operand{x86.M(x86.RSI, 0), x86.R(x86.RAX)}}, insts[len(insts)-1])
	g.prog = &x86.Program{Symbol: "f", Insts: bad}
	require.Error(t, passErr(g.verify))
	g.opts.DeferVerify = true
	require.NoError(t, passErr(g.verify), "the caller verifies")
}

// passErr runs a pass and returns the failure it raised (a genError), if any.
func passErr(run func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = r.(genError).err
		}
	}()
	run()
	return nil
}
