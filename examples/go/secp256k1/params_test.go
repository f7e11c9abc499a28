package secp256k1

// The curve as SEC 2 §2.4.1 prints it, independent of the word arrays in params.go, and
// known multiples of G (widely published test vectors).
var std = stdCurve{
	p:  "fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f",
	n:  "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141",
	a:  "0",
	b:  "7",
	gx: "79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798",
	gy: "483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8",
	multiples: []knownMultiple{
		{"2",
			"c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5",
			"1ae168fea63dc339a3c58419466ceaeef7f632653266d0e1236431a950cfe52a"},
		{"3",
			"f9308a019258c31049344f85f89d5229b531c845836f99b08601f113bce036f9",
			"388f7b0f632de8140fe337e62a37f3566500a99934c2231b6cb9fd7584b8e672"},
	},
}
