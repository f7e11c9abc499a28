// Package objfile finds one function's bytes in an ELF64 x86-64 relocatable object and refuses what bytes alone cannot show.
package objfile
