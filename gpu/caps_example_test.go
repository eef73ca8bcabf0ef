package gpu_test

import (
	"errors"
	"fmt"

	"github.com/peerbook/peerbook/gpu"
)

// A device's capabilities and the link of a pair, on a simulated PCIe box.
func ExampleDevice_Caps() {
	gpu.Use("sim:pcie4")
	c := gpu.Dev(0).Caps()
	fmt.Println("host link:", c.HostLink, "host-native atomics:", c.HostNativeAtomics)
	for _, j := range []int{1, 2, 3} {
		l, _ := gpu.Dev(0).PairCaps(gpu.Dev(j))
		fmt.Printf("GPU0-GPU%d: %s, P2P %v, native atomics %v\n", j, l.Label(), l.P2PAccess, l.NativeAtomics)
	}
	// Output:
	// host link: PCIe host-native atomics: false
	// GPU0-GPU1: PIX, P2P true, native atomics true
	// GPU0-GPU2: PHB, P2P true, native atomics false
	// GPU0-GPU3: SYS, P2P false, native atomics false
}

// Without host-native atomics the host's add on a shared host counter is refused; the add
// made by a GPU is the way out.
func ExampleBuffer_AtomicAddVia() {
	gpu.Use("sim:pcie4")
	counter, _ := gpu.Host().AllocShared(gpu.Uint64, 1)
	_, err := counter.AtomicAdd(0, 1)
	fmt.Println(errors.Is(err, gpu.ErrCapability))
	old, err := counter.AtomicAddVia(gpu.Dev(0), 0, 1)
	v, _ := counter.AtomicLoad(0)
	fmt.Println(old, err, v)
	// Output:
	// true
	// 0 <nil> 1
}
