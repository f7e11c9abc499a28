module github.com/rules-cryptopt/rules_cryptopt/examples/go/x25519/bench

go 1.26.0

require (
	filippo.io/edwards25519 v1.2.0
	github.com/cloudflare/circl v1.6.5
	github.com/rules-cryptopt/rules_cryptopt v0.0.0
)

require (
	golang.org/x/crypto v0.54.0 // indirect
	golang.org/x/sys v0.50.0 // indirect
)

replace github.com/rules-cryptopt/rules_cryptopt => ../../../..
