//go:build linux

#include "textflag.h"

// peerbook patch 173 (stackused.go): func stackUsed() uintptr returns the bytes of the
// calling goroutine's stack in use: g.stack.hi (the second word of the runtime's g, whose
// first field is stack{lo, hi}) less the stack pointer.
TEXT ·stackUsed(SB),NOSPLIT,$0-8
	MOVQ	(TLS), AX
	MOVQ	8(AX), AX
	MOVQ	SP, BX
	SUBQ	BX, AX
	MOVQ	AX, ret+0(FP)
	RET
