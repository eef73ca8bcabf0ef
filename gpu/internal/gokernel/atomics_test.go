package gokernel

import (
	"reflect"
	"testing"
)

func TestAtomicParams(t *testing.T) {
	ks, err := NewLibrary().Define(`
//gpu:device
func bump(c gpu.Peer[uint32], i int) {
	gpu.AtomicOr(&c[i], uint32(1))
}

//gpu:device
func relay(c gpu.Peer[uint32], d gpu.Peer[uint32]) {
	bump(d, 0)
	c[0] = 1
}

func k(t gpu.Thread, a gpu.Peer[uint32], b gpu.Peer[uint32], c gpu.Peer[uint32], d gpu.Peer[uint32], e []int64, n int, f []float32) {
	gpu.AtomicStore(&a[0], uint32(n))
	_ = gpu.AtomicLoad(&b[0])
	relay(c, d)
	gpu.AtomicMax(&e[0], int64(n))
	sh := gpu.Shared[float32](4)
	gpu.AtomicAdd(&sh[0], f[0])
}`, "cell", 1)
	if err != nil {
		t.Fatal(err)
	}
	want := []bool{false, false, false, true, true, false, false}
	if got := ks[0].AtomicParams(); !reflect.DeepEqual(got, want) {
		t.Errorf("AtomicParams %v, want %v (a: store, b: load, c: plain store, d: AtomicOr through two calls, e: AtomicMax, n: scalar, f: read)", got, want)
	}
}
