// Package importrules holds the test that keeps the package graph to design.md's import table: see importrules_test.go.
package importrules
