module github.com/rules-cryptopt/rules_cryptopt/examples/go/weiercmp

go 1.26.0

require (
	github.com/decred/dcrd/dcrec/secp256k1/v4 v4.4.1
	github.com/rules-cryptopt/rules_cryptopt v0.0.0
	github.com/stretchr/testify v1.12.1
)

require (
	go.yaml.in/yaml/v3 v3.0.5 // indirect
	golang.org/x/sys v0.50.0 // indirect
)

replace github.com/rules-cryptopt/rules_cryptopt => ../../..
