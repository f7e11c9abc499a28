// Command gen writes examples/go/{nistp256,secp256k1}/point.go from point.go.tmpl (run by each package's //go:generate line: go run ../internal/weierstrass/gen -curve NAME [-o FILE]).
package main
