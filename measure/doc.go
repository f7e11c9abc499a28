// Package measure runs machine code on a pinned CPU, times it against other implementations
// and checks its outputs against the reference interpreter.
package measure
