// Package ir is the straight-line SSA form of a field function that every other package reads.
package ir
