//go:build linux && amd64

#include "textflag.h"
#include "go_asm.h"

// peerbook_cuda_fused runs the steps of a fusedCall (fused.go) in one crossing into C.
// runtime.cgocall calls it on the OS thread's system stack with the C calling convention:
// DI holds the *fusedCall. It calls C functions only, so it needs no Go stack checks.
//
// Frame: fn's stack arguments 7..11 at 0..32(SP), the *fusedCall at SAVED(SP). The
// assembler adds a saved BP to the frame; with the return address that is 16 bytes, so a
// FRAME that is a multiple of 16 keeps SP 16-byte aligned at every CALL, as C requires.
// Results are stored zero-extended from 32 bits (a CUresult is an int; the upper half of
// RAX is undefined).

#define FRAME 64
#define SAVED 56

GLOBL ·fusedTrampoline(SB), NOPTR|RODATA, $8
DATA ·fusedTrampoline(SB)/8, $peerbook_cuda_fused(SB)

TEXT peerbook_cuda_fused(SB), NOSPLIT, $FRAME
	MOVQ  DI, SAVED(SP)
	MOVQ  fusedCall_ctx(DI), AX
	TESTQ AX, AX
	JZ    call

	// cuCtxGetCurrent(&c.cur)
	MOVQ fusedCall_getCurrent(DI), R10
	LEAQ fusedCall_cur(DI), DI
	XORL AX, AX
	CALL R10
	MOVQ SAVED(SP), R11
	MOVQ fusedCall_cur(R11), AX
	CMPQ AX, fusedCall_ctx(R11)
	JEQ  call

	// cuCtxSetCurrent(c.ctx): another context (or none) was current on this thread.
	MOVQ    $1, fusedCall_switched(R11)
	MOVQ    fusedCall_ctx(R11), DI
	MOVQ    fusedCall_setCurrent(R11), R10
	XORL    AX, AX
	CALL    R10
	MOVQ    SAVED(SP), R11
	MOVLQZX AX, AX
	MOVQ    AX, fusedCall_ctxR(R11)
	TESTQ   AX, AX
	JNZ     done

call:
	// rec(ev0, a[8]) where ev0 is set: the start event of a traced launch.
	MOVQ    SAVED(SP), R11
	MOVQ    fusedCall_ev0(R11), DI
	TESTQ   DI, DI
	JZ      fn
	MOVQ    (fusedCall_a+64)(R11), SI
	MOVQ    fusedCall_rec(R11), R10
	XORL    AX, AX
	CALL    R10
	MOVQ    SAVED(SP), R11
	MOVLQZX AX, AX
	MOVQ    AX, fusedCall_ev0R(R11)
	TESTQ   AX, AX
	JNZ     done

fn:
	// fn(a[0], ..., a[10]): six in registers, five on the stack.
	MOVQ    SAVED(SP), R11
	MOVQ    (fusedCall_a+48)(R11), AX
	MOVQ    AX, 0(SP)
	MOVQ    (fusedCall_a+56)(R11), AX
	MOVQ    AX, 8(SP)
	MOVQ    (fusedCall_a+64)(R11), AX
	MOVQ    AX, 16(SP)
	MOVQ    (fusedCall_a+72)(R11), AX
	MOVQ    AX, 24(SP)
	MOVQ    (fusedCall_a+80)(R11), AX
	MOVQ    AX, 32(SP)
	MOVQ    (fusedCall_a+0)(R11), DI
	MOVQ    (fusedCall_a+8)(R11), SI
	MOVQ    (fusedCall_a+16)(R11), DX
	MOVQ    (fusedCall_a+24)(R11), CX
	MOVQ    (fusedCall_a+32)(R11), R8
	MOVQ    (fusedCall_a+40)(R11), R9
	MOVQ    fusedCall_fn(R11), R10
	XORL    AX, AX
	CALL    R10
	MOVQ    SAVED(SP), R11
	MOVLQZX AX, AX
	MOVQ    AX, fusedCall_r(R11)
	TESTQ   AX, AX
	JNZ     done

	// rec(ev1, a[8]) where ev1 is set: the end event of a traced launch.
	MOVQ    fusedCall_ev1(R11), DI
	TESTQ   DI, DI
	JZ      sync
	MOVQ    (fusedCall_a+64)(R11), SI
	MOVQ    fusedCall_rec(R11), R10
	XORL    AX, AX
	CALL    R10
	MOVQ    SAVED(SP), R11
	MOVLQZX AX, AX
	MOVQ    AX, fusedCall_ev1R(R11)

sync:
	// sync(c.stream) where asked.
	MOVQ    SAVED(SP), R11
	MOVQ    fusedCall_sync(R11), R10
	TESTQ   R10, R10
	JZ      done
	MOVQ    fusedCall_stream(R11), DI
	XORL    AX, AX
	CALL    R10
	MOVQ    SAVED(SP), R11
	MOVLQZX AX, AX
	MOVQ    AX, fusedCall_syncR(R11)

done:
	XORL AX, AX
	RET

// peerbook_cuda_spalign returns SP mod 16 at its entry: 8 where its caller called it with
// SP 16-byte aligned (tests call it through the trampoline as fn).
GLOBL ·spAlignProbe(SB), NOPTR|RODATA, $8
DATA ·spAlignProbe(SB)/8, $peerbook_cuda_spalign(SB)

TEXT peerbook_cuda_spalign(SB), NOSPLIT|NOFRAME, $0
	MOVQ SP, AX
	ANDQ $15, AX
	RET

// peerbook_cuda_zero returns 0 whatever its arguments: a C function that does nothing,
// for tests and benchmarks of the Go side of a launch.
GLOBL ·zeroProbe(SB), NOPTR|RODATA, $8
DATA ·zeroProbe(SB)/8, $peerbook_cuda_zero(SB)

TEXT peerbook_cuda_zero(SB), NOSPLIT|NOFRAME, $0
	XORL AX, AX
	RET
