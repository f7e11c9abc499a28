package main

// Version is the tool version, printed by `cryptopt version` and in the header of every
// generated .S file.
const Version = "0.1.0"
