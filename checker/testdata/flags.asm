; CryptOpt's flag idioms: "mov r, -2; inc r" clears OF, a saved OF bit goes back into OF
; with "add byte [m], 0x7f", a saved CF bit goes back into CF with a byte add to 0xff (cl
; here), a byte add of 0xff to a saved bit sets CF to it and clears OF, and "adc r8b, 0"
; materialises CF as a byte.
SECTION .text
	GLOBAL flags
flags:
mov r10, -0x2
inc r10 ; OF = 0
mov rax, [ rsi ]
adox rax, [ rdx ] ; x1, OF = c1
seto r8b
mov byte [ rsp - 0x8 ], r8b
mov [ rdi ], rax
xor r9, r9 ; clobbers OF
add byte [ rsp - 0x8 ], 0x7F ; OF = c1
mov rax, [ rsi + 0x8 ]
adox rax, [ rdx + 0x8 ] ; x2, OF = c2
mov [ rdi + 0x8 ], rax
seto r11b
mov rcx, 0x0
dec rcx
add cl, r11b ; CF = c2
setc r11b
add r11b, 0xFF ; CF = c2 again and OF = 0
mov r8, 0x0
adox r8, r9 ; reads OF
adc r8b, 0x0
movzx r8, r8b
mov [ rdi + 0x10 ], r8
ret
