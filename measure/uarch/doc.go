// Package uarch names the CPU this process runs on with a short, stable microarchitecture tag.
package uarch
