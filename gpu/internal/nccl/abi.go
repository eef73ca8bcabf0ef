package nccl

import (
	"encoding/binary"
	"fmt"
	"runtime"
	"unsafe"
)

// Passing an aggregate by value through purego.SyscallN, which passes words only: the C
// calling conventions put an aggregate larger than 16 bytes (an ncclUniqueId is 128) where
// no register holds it.
//
//   - x86-64 System V (the psABI, 3.2.3): an aggregate larger than four eightbytes is of
//     class MEMORY: it is copied onto the stack, in eightbytes, at its place among the other
//     stack arguments, and takes no register; integer and pointer arguments take rdi, rsi,
//     rdx, rcx, r8, r9 in order. SyscallN puts its first 6 words in those registers and the
//     rest on the stack from the callee's first stack slot on, so the words of the aggregate
//     go after 6 register words.
//   - AArch64 (AAPCS64, B.4): a composite larger than 16 bytes is copied to memory by the
//     caller and replaced by a pointer to the copy, which takes the next integer register
//     (x0-x7) like any pointer. SyscallN puts its first 8 words in x0-x7.
//
// TestByValueMatchesTheCCompiler checks both against a function gcc compiled.

// param is one parameter of a C function: a word (an integer or a pointer), or an aggregate
// passed by value (block).
type param struct {
	word  uintptr
	block []byte
}

// packArgs returns the words to give purego.SyscallN for a call with params on goarch, and
// what must stay alive until the call returns (the AArch64 copies).
func packArgs(goarch string, params []param) (args []uintptr, keep [][]byte, err error) {
	switch goarch {
	case "amd64":
		args, err = packSysV(params)
		return args, nil, err
	case "arm64":
		return packAAPCS64(params)
	}
	return nil, nil, fmt.Errorf("passing a %d-byte aggregate by value is not implemented on %s", blockSize(params), goarch)
}

func blockSize(params []param) int {
	for _, p := range params {
		if p.block != nil {
			return len(p.block)
		}
	}
	return 0
}

// packSysV packs for x86-64 System V: words in the 6 integer registers while they last,
// then on the stack; aggregates (MEMORY class) on the stack in eightbytes, in order.
func packSysV(params []param) ([]uintptr, error) {
	const intRegs = 6
	regs := make([]uintptr, 0, intRegs)
	var stack []uintptr
	for _, p := range params {
		switch {
		case p.block == nil && len(regs) < intRegs:
			regs = append(regs, p.word)
		case p.block == nil:
			stack = append(stack, p.word)
		case len(p.block) <= 16:
			return nil, fmt.Errorf("a %d-byte aggregate goes in registers, which packSysV does not do", len(p.block))
		default:
			for off := 0; off < len(p.block); off += 8 {
				var w [8]byte
				copy(w[:], p.block[off:])
				stack = append(stack, uintptr(binary.LittleEndian.Uint64(w[:])))
			}
		}
	}
	for len(regs) < intRegs {
		regs = append(regs, 0)
	}
	return append(regs, stack...), nil
}

// packAAPCS64 packs for AArch64: an aggregate larger than 16 bytes becomes a pointer to a
// copy; every parameter is then a word, and all must fit x0-x7.
func packAAPCS64(params []param) ([]uintptr, [][]byte, error) {
	const intRegs = 8
	var args []uintptr
	var keep [][]byte
	for _, p := range params {
		if p.block == nil {
			args = append(args, p.word)
			continue
		}
		if len(p.block) <= 16 {
			return nil, nil, fmt.Errorf("a %d-byte aggregate goes in registers, which packAAPCS64 does not do", len(p.block))
		}
		cp := make([]byte, len(p.block))
		copy(cp, p.block)
		keep = append(keep, cp)
		args = append(args, uintptr(unsafe.Pointer(&cp[0])))
	}
	if len(args) > intRegs {
		return nil, nil, fmt.Errorf("%d word arguments: packAAPCS64 passes at most %d (in registers)", len(args), intRegs)
	}
	return args, keep, nil
}

// callByValue calls fn with params (one of them an aggregate by value), as this machine's
// C ABI passes them, and returns its ncclResult_t.
func callByValue(fn uintptr, params []param) (Result, error) {
	args, keep, err := packArgs(runtime.GOARCH, params)
	if err != nil {
		return 0, err
	}
	r := call(fn, args...)
	runtime.KeepAlive(keep)
	runtime.KeepAlive(params)
	return r, nil
}
