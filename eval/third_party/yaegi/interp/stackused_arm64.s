//go:build linux || darwin

#include "textflag.h"

// peerbook patch 173 (stackused.go): func stackUsed() uintptr returns the bytes of the
// calling goroutine's stack in use: g.stack.hi (the second word of the runtime's g, whose
// first field is stack{lo, hi}) less the stack pointer.
TEXT ·stackUsed(SB),NOSPLIT,$0-8
	MOVD	8(g), R0
	MOVD	RSP, R1
	SUB	R1, R0, R0
	MOVD	R0, ret+0(FP)
	RET
