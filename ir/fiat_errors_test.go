package ir_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// smallFiat is a two-limb function in Fiat's format; body statements are spliced in.
func smallFiat(args, body string) string {
	if args == "" {
		args = `{"datatype":"u64[2]","name":"arg1","lbound":["0x0","0x0"],"ubound":["0xff","0xffffffffffffffff"]}`
	}
	return fmt.Sprintf(`[{"operation":"f","arguments":[%s],"returns":[{"datatype":"u64[2]","name":"out1","lbound":["0x0","0x0"],"ubound":["0xffffffffffffffff","0xffffffffffffffff"]}],"body":[%s]}]`, args, body)
}

const okBody = `{"datatype":"(auto)","name":["x1","x2"],"operation":"mulx","parameters":{"size":64},"arguments":["arg1[0]",{"datatype":"u64","name":[],"operation":"static_cast","arguments":["arg1[1]"]}]},
{"datatype":"u64","name":["out1[0]"],"operation":"static_cast","arguments":["x1"]},
{"datatype":"u64","name":["out1[1]"],"operation":"+","arguments":["x2","0x3"]}`

func TestReadFiatSmall(t *testing.T) {
	fns, err := ir.ReadFiat([]byte(smallFiat("", okBody)))
	require.NoError(t, err)
	f := fns[0]
	require.Equal(t, "f", f.Name)
	require.Equal(t, []uint64{0xff, ^uint64(0)}, f.Params[0].Upper)
	require.Equal(t, `func f
  param arg1 u64[2] lower [0x0, 0x0] upper [0xff, 0xffffffffffffffff]
  result out1 u64[2] lower [0x0, 0x0] upper [0xffffffffffffffff, 0xffffffffffffffff]
  x1.1 = cast.u64 arg1[1]
  x1, x2 = mulx64 arg1[0], x1.1
  out1[0] = cast.u64 x1
  out1[1] = add.u64 x2, 0x3
  return out1 = [out1[0], out1[1]]
`, f.Text())
	require.Len(t, f.Hash(), 64)
	g, err := ir.ReadFiat([]byte(smallFiat("", okBody)))
	require.NoError(t, err)
	require.Equal(t, f.Hash(), g[0].Hash(), "hash is stable")
	g[0].Body[3].Args[1] = ir.C(4)
	require.NotEqual(t, f.Hash(), g[0].Hash(), "hash sees constants")
}

func TestReadFiatErrors(t *testing.T) {
	stmt := func(s string) string { return smallFiat("", s+","+okBody) }
	tests := []struct {
		name, input, want string
	}{
		{"not json", `[{`, "fiat json"},
		{"not a list", `{}`, "not a list"},
		{"missing body", `[{"operation":"f","arguments":[],"returns":[]}]`, `no field "body"`},
		{"missing name", stmt(`{"datatype":"u64","operation":"=","arguments":["0x1"]}`), `no field "name"`},
		{"reference", stmt(`{"datatype":"u64","name":["&x9"],"operation":"=","arguments":["0x1"]}`), `unsupported assignment target "&x9"`},
		{"deref name", stmt(`{"datatype":"u64","name":["x9"],"operation":"=","arguments":["*x1"]}`), `unsupported name "*x1"`},
		{"dereference", stmt(`{"datatype":"u64","name":["x9"],"operation":"dereference","arguments":["arg1[0]"]}`), "unsupported operation dereference"},
		{"unknown op", stmt(`{"datatype":"u64","name":["x9"],"operation":"^","arguments":["arg1[0]","0x1"]}`), `unknown operation "^"`},
		{"shrd is not fiat", stmt(`{"datatype":"u64","name":["x9"],"operation":"shrd","arguments":["arg1[0]","arg1[1]","0x1"]}`), `unknown operation "shrd"`},
		{"unknown type", stmt(`{"datatype":"u16","name":["x9"],"operation":"=","arguments":["arg1[0]"]}`), `unknown type "u16"`},
		{"wide constant", stmt(`{"datatype":"u128","name":["x9"],"operation":"=","arguments":["0x10000000000000000"]}`), "wider than 64-bit number"},
		{"bounds length", smallFiat(`{"datatype":"u64[2]","name":"arg1","lbound":["0x0"],"ubound":["0x1","0x1"]}`, okBody), "1 bounds for 2 limbs"},
		{"null bound", smallFiat(`{"datatype":"u64[2]","name":"arg1","lbound":null,"ubound":["0x1","0x1"]}`, okBody), "not a list"},
		{"undefined", stmt(`{"datatype":"u64","name":["x9"],"operation":"=","arguments":["x77"]}`), `undefined or unsupported name "x77"`},
		{"limb out of range", stmt(`{"datatype":"u64","name":["x9"],"operation":"=","arguments":["arg1[2]"]}`), "arg1[2] out of range"},
		{"defined twice", stmt(`{"datatype":"u64","name":["x1"],"operation":"=","arguments":["0x1"]}`), `"x1" declared twice`},
		{"arity", stmt(`{"datatype":"u64","name":["x9"],"operation":"cmovznz","arguments":["0x1"]}`), "cmovznz with 1 arguments"},
		{"names", stmt(`{"datatype":"(auto)","name":["x9"],"operation":"mulx","parameters":{"size":64},"arguments":["0x1","0x2"]}`), "defines 1 names, want 2"},
		{"no size", stmt(`{"datatype":"(auto)","name":["x9","x10"],"operation":"mulx","arguments":["0x1","0x2"]}`), "needs exactly the parameter size"},
		{"big size", stmt(`{"datatype":"(auto)","name":["x9","x10"],"operation":"mulx","parameters":{"size":128},"arguments":["0x1","0x2"]}`), "not in 1..64"},
		{"unassigned", smallFiat("", `{"datatype":"u64","name":["out1[0]"],"operation":"=","arguments":["0x1"]}`), "out1[1] is never assigned"},
		{"assigned twice", smallFiat("", okBody+`,{"datatype":"u64","name":["out1[1]"],"operation":"=","arguments":["0x1"]}`), "out1[1] assigned twice"},
		{"out of range out", stmt(`{"datatype":"u64","name":["out1[5]"],"operation":"=","arguments":["0x1"]}`), "out1[5] out of range"},
		{"carry type", stmt(`{"datatype":"(auto)","name":["x9","x10"],"operation":"addcarryx","parameters":{"size":64},"arguments":["arg1[0]","0x1","0x2"]}`), "carry in must be u1"},
		{"no names", stmt(`{"datatype":"u64","name":[],"operation":"=","arguments":["0x1"]}`), "defines no name"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ir.ReadFiat([]byte(tc.input))
			require.ErrorContains(t, err, tc.want)
			if strings.Contains(tc.input, `"operation":"f"`) && tc.name != "not json" {
				require.ErrorContains(t, err, "f")
			}
		})
	}
}
