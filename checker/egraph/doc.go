// Package egraph is a hash-consed expression graph over non-negative integers whose constructors normalise terms (AC sums, carries, truncations, bit fields) so equal word computations meet at one Id.
package egraph
