package gpu_test

import (
	"fmt"

	"github.com/peerbook/peerbook/gpu"
)

// A timeline of a fill and a copy back to the host, on a simulated device.
func ExampleTrace() {
	if err := gpu.Use("sim:2"); err != nil {
		panic(err)
	}
	x, _ := gpu.Dev(0).Alloc(gpu.Float32, 1024)
	h, _ := gpu.Host().Alloc(gpu.Float32, 1024)

	tl := gpu.Trace()
	_ = x.Fill(1)
	_ = gpu.Copy(h, x)
	if err := tl.Stop(); err != nil {
		panic(err)
	}
	for _, op := range tl.Ops() {
		fmt.Println(op.Lane, op.Kind, op.Name, op.Dir, op.Bytes, op.End >= op.Start)
	}
	// Output:
	// GPU0 memset fill  4096 true
	// GPU0 copy copy D2H 4096 true
}
