// Package fiatdata locates the shared Fiat Cryptography JSON test inputs for the project's tests.
package fiatdata
