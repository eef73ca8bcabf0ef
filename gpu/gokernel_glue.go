package gpu

import (
	"errors"
	"fmt"
	"sync"

	"github.com/peerbook/peerbook/gpu/backend"
	"github.com/peerbook/peerbook/gpu/cudasrc"
	"github.com/peerbook/peerbook/gpu/gokernel"
)

// goLibrary holds the session's Go kernels and device functions, so that a kernel of one
// cell can call a device function of an earlier one.
var goLibrary struct {
	once sync.Once
	lib  *gokernel.Library
}

// defineGoKernels parses and checks a cell's Go kernels (package gpu/gokernel).
func defineGoKernels(src, file string, line int) ([]goKernel, error) {
	goLibrary.once.Do(func() { goLibrary.lib = gokernel.NewLibrary() })
	ks, err := goLibrary.lib.Define(src, file, line)
	if err != nil {
		return nil, err
	}
	out := make([]goKernel, len(ks))
	for i, k := range ks {
		out[i] = k
	}
	return out, nil
}

// cudaSignatures reads the __global__ kernels' signatures of CUDA C source (package
// gpu/cudasrc); errors point at the cell's lines ("cell[2]:4: ...").
func cudaSignatures(src, file string, line int) ([]backend.Signature, error) {
	sigs, err := cudasrc.Signatures(src)
	var se *cudasrc.SourceError
	if errors.As(err, &se) {
		return nil, errors.New(se.At(file, line-1))
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return sigs, nil
}

// errNoTranslation is the error of a Go kernel whose package can't translate to CUDA C yet.
var errNoTranslation = errors.New("this build can't translate Go kernels to CUDA C yet")
