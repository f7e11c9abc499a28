// Package search finds a fast genome by random local search with Bet-and-Run over a measured cost.
package search
