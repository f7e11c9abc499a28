// Command gen writes examples/go/{nistp256,secp256k1}/point.go and ladder.go from point.go.tmpl and ladder.go.tmpl (run by each package's //go:generate lines: go run ../internal/weierstrass/gen -curve NAME [-file point|ladder] [-o FILE]).
package main
