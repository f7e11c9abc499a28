package nistp256

// The curve as the standards print it (FIPS 186-5 / SEC 2 §2.4.2), independent of the
// word arrays in params.go, and known multiples of G (from the NIST P-256 test vectors).
var std = stdCurve{
	p:  "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff",
	n:  "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551",
	a:  "ffffffff00000001000000000000000000000000fffffffffffffffffffffffc",
	b:  "5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b",
	gx: "6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296",
	gy: "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5",
	multiples: []knownMultiple{
		{"2",
			"7cf27b188d034f7e8a52380304b51ac3c08969e277f21b35a60b48fc47669978",
			"07775510db8ed040293d9ac69f7430dbba7dade63ce982299e04b79d227873d1"},
		{"3",
			"5ecbe4d1a6330a44c8f7ef951d4bf165e6c6b721efada985fb41661bc6e7fd6c",
			"8734640c4998ff7e374b06ce1a64a2ecd82ab036384fb83d9a79b127a27d5032"},
	},
}
