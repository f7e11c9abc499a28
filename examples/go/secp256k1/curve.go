package secp256k1

// Errors returned for bad input; the result is then nil.
var (
	ErrScalar = curve.ErrScalar
	ErrPoint  = curve.ErrPoint
)

// ScalarBaseMult returns k·G as a 65-byte uncompressed SEC 1 point. k is 32 bytes
// big-endian with 0 < k < n, else ErrScalar. Constant time in k: 43 additions of signed
// table entries chosen by masks, no doubling.
func ScalarBaseMult(k []byte) ([]byte, error) { return curve.ScalarBaseMult(k) }

// ScalarMult returns k·P as a 65-byte uncompressed SEC 1 point. k is 32 bytes big-endian
// with 0 < k < n, else ErrScalar; P is a validated 65-byte uncompressed SEC 1 point, else
// ErrPoint. Constant time in k: k = r1 + λ·r2 (GLV), 25 signed 5-bit windows over tables
// of 1..16·P and 1..16·λP.
func ScalarMult(k, p []byte) ([]byte, error) { return curve.ScalarMult(k, p) }
