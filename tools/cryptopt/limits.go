package main

import "fmt"

// Upper bounds of the work a flag can ask for. Each is far above any useful value, and
// low enough that the memory it implies stays small (a search keeps about 8 bytes per
// evaluation for the plot; a timing batch maps its inputs).
const (
	maxLimbs       = 16         // fields.Custom's own bound, checked before the prime is read
	maxPrimeLen    = 1024       // characters of a --prime expression
	maxEvals       = 10_000_000 // optimize --evals
	maxBets        = 10_000     // optimize --bets
	maxBatches     = 1_000      // optimize/bench --batches
	maxDuel        = 1_000      // optimize --duel (final race comparisons, as bench --repeats)
	maxSlowerRound = 100        // optimize --slower-rounds (each a whole search)
	maxRepeats     = 1_000      // bench --repeats
	maxBenchFiles  = 1_000      // .S/.asm files of bench --all --dir
	maxSymbolBytes = 256        // --symbol
)

// inRange refuses a flag value outside lo..hi with a one-line error.
func inRange(flag string, v, lo, hi int) error {
	if v < lo || v > hi {
		return fmt.Errorf("%s %d out of range %d..%d", flag, v, lo, hi)
	}
	return nil
}
