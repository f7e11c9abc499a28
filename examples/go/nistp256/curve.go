package nistp256

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
// ErrPoint. Constant time in k: 51 signed 5-bit windows over a table of 1..16·P (Jacobian
// doublings and additions).
func ScalarMult(k, p []byte) ([]byte, error) { return curve.ScalarMult(k, p) }
