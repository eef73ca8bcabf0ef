//go:build !(linux && amd64)

package cuda

// haveFusedTrampoline: no trampoline on this platform; fusedCall.call uses purego.
const haveFusedTrampoline = false

var (
	fusedTrampoline uintptr
	spAlignProbe    uintptr
	zeroProbe       uintptr
)
