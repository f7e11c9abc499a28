package encode

// memo maps instructions (encKey) to their machine code. It is an open-addressing table
// with the bytes stored in the slot: a search looks up every instruction of every
// candidate, and a Go map of 40-byte keys to []byte spent most of Encode hashing, probing
// and following the pointer to the bytes (issue 14).
type memo struct {
	slots []memoSlot // a power of two long; n ≤ len/2
	n     int
	// recent is a small direct-mapped copy of the entries looked up last: a candidate's
	// instructions are mostly its parent's, and the table outgrows the CPU's caches.
	recent *[recentSlots]memoSlot
}

// memoSlot is one entry; size 0 marks an empty slot (no instruction encodes to no bytes).
type memoSlot struct {
	k    encKey
	size uint8
	code [maxInstLen]byte
}

// maxInstLen is the longest x86 instruction.
const maxInstLen = 15

// recentSlots is the size of memo.recent (112 KiB: it stays in the L2 cache; 2048 beat
// 512 by a few percent in optimizer's BenchmarkEncodeCandidatesP256Mul).
const recentSlots = 2048

// memoMinSlots is the table's first size; it doubles as it fills.
const memoMinSlots = 1024

// hash mixes the key's words: independent multiplications (a chain of them was a seventh
// of a warm Encode), then a fold and one more so every bit reaches the low bits that pick
// the slot.
func (k *encKey) hash() uint64 {
	x := k.h*0x9e3779b97f4a7c15 ^ k.a[0]*0xbf58476d1ce4e5b9 ^ k.a[1]*0x94d049bb133111eb ^
		k.a[2]*0xd6e8feb86659fd93 ^ k.a[3]*0xc2b2ae3d27d4eb4f
	x = (x ^ x>>31) * 0x165667b19e3779f9
	return x ^ x>>29
}

// find is k's slot: the one holding k, or the empty slot where it goes.
func (m *memo) find(k *encKey, h uint64) *memoSlot {
	mask := uint64(len(m.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		if s := &m.slots[i]; s.size == 0 || s.k == *k {
			return s
		}
	}
}

// get returns k's code, if memoised.
func (m *memo) get(k *encKey) ([]byte, bool) {
	if m.n == 0 {
		return nil, false
	}
	h := k.hash()
	r := &m.recent[h%recentSlots]
	if r.size != 0 && r.k == *k {
		return r.code[:r.size], true
	}
	s := m.find(k, h)
	if s.size == 0 {
		return nil, false
	}
	*r = *s
	return s.code[:s.size], true
}

// put memoises code for k; code longer than an instruction is not kept. At maxCache
// entries the table is cleared (a search rarely gets there).
func (m *memo) put(k *encKey, code []byte) {
	if len(code) == 0 || len(code) > maxInstLen {
		return
	}
	if m.n >= maxCache {
		clear(m.slots)
		*m.recent = [recentSlots]memoSlot{}
		m.n = 0
	}
	if 2*(m.n+1) > len(m.slots) {
		m.grow()
	}
	s := m.find(k, k.hash())
	if s.size == 0 {
		m.n++
	}
	s.k, s.size = *k, uint8(copy(s.code[:], code))
}

// grow doubles the table (to memoMinSlots at first), re-inserting every entry.
func (m *memo) grow() {
	old := m.slots
	m.slots = make([]memoSlot, max(memoMinSlots, 2*len(old)))
	if m.recent == nil {
		m.recent = new([recentSlots]memoSlot)
	}
	for i := range old {
		if s := &old[i]; s.size != 0 {
			*m.find(&s.k, s.k.hash()) = *s
		}
	}
}
