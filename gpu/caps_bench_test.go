package gpu

import "testing"

// BenchmarkHostCounter compares the ways the host can add to a counter that kernels update
// too, side by side in one run, on simulated devices and on the CUDA device (its cases skip
// without one):
//
//   - host-atomic-unshared: a CPU atomic on a host buffer no kernel reaches (what a host
//     atomic costs; kernels can't share the counter);
//
//   - host-atomic-shared: a CPU atomic on a shared host buffer, where the devices have
//     host-native atomics (sim:gh200; on CUDA only on such a machine, refused elsewhere);
//
//   - via-device: buf.AtomicAddVia(gpu.Dev(0), 0, 1), the add made as a kernel atomic on
//     GPU0 (a one-thread launch and its wait): correct on every machine.
//
//     ./gpu.test -test.run '^$' -test.bench 'BenchmarkHostCounter' -test.benchtime 20000x
func BenchmarkHostCounter(b *testing.B) {
	type bcase struct {
		name, spec string
		shared     bool
		via        bool
	}
	cases := []bcase{
		{"sim/host-atomic-unshared", "sim:pcie4", false, false},
		{"sim/host-atomic-shared", "sim:gh200", true, false},
		{"sim/via-device", "sim:pcie4", true, true},
		{"cuda/host-atomic-unshared", "cuda", false, false},
		{"cuda/host-atomic-shared", "cuda", true, false},
		{"cuda/via-device", "cuda", true, true},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			if err := Use(c.spec); err != nil {
				b.Skipf("%s: %v", c.spec, err)
			}
			var buf *Buffer
			var err error
			if c.shared {
				buf, err = Host().AllocShared(Uint64, 1)
			} else {
				buf, err = Host().Alloc(Uint64, 1)
			}
			if err != nil {
				b.Fatal(err)
			}
			defer buf.Free()
			add := func() error {
				if c.via {
					_, err := buf.AtomicAddVia(Dev(0), 0, 1)
					return err
				}
				_, err := buf.AtomicAdd(0, 1)
				return err
			}
			if err := add(); err != nil { // the helper kernel compiles on first use
				b.Skipf("refused here, as it should be: %v", err)
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if err := add(); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			if v := must(buf.AtomicLoad(0)); v != int64(b.N)+1 {
				b.Fatalf("counter %d after %d adds", v, b.N+1)
			}
		})
	}
}
