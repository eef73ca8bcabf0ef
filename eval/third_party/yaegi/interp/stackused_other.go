//go:build !((linux && (amd64 || arm64)) || (darwin && arm64))

package interp

// stackUsed can't read the stack here (stackused.go): the bound of nested calls is
// checked against its estimate.
func stackUsed() uintptr { return 0 }

// stackMeasured is false: stackUsed does not read the stack on this system.
var stackMeasured = false
