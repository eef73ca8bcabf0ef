package cuda

// haveFusedTrampoline: fused_linux_amd64.s runs a fusedCall in one crossing into C.
const haveFusedTrampoline = true

// fusedTrampoline is the address of peerbook_cuda_fused (set in fused_linux_amd64.s).
var fusedTrampoline uintptr

// spAlignProbe is the address of peerbook_cuda_spalign (set in fused_linux_amd64.s), a C
// function for tests that returns the stack pointer's alignment at its entry.
var spAlignProbe uintptr

// zeroProbe is the address of peerbook_cuda_zero (set in fused_linux_amd64.s), a C
// function that returns 0 whatever its arguments, for tests and benchmarks.
var zeroProbe uintptr
