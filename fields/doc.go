// Package fields is the catalogue of named prime fields and the generators that write their arithmetic as ir.Func from the mathematics.
package fields
