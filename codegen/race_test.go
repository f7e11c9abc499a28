//go:build race

package codegen_test

// Under the race detector sync.Pool drops some of what is put back, so a Plan's pooled
// candidate state is sometimes allocated again (TestGenerateAllocations skips).
func init() { raceEnabled = true }
