package gokernel

import (
	"testing"

	"github.com/peerbook/peerbook/gpu/internal/gokernel/suite"
)

func TestSAXPY(t *testing.T) {
	k := kernel(t, suite.SAXPYSrc)
	const n = 1000
	xs, ys := make([]float32, n), make([]float32, n)
	for i := range xs {
		xs[i], ys[i] = float32(i)*0.5, float32(n-i)
	}
	x, y := newBuf(xs), newBuf(ys)
	mustLaunch(t, k, (n+127)/128, 128, n, float32(3), x, y)
	for i := range ys {
		if want := 3*xs[i] + ys[i]; y.v[i] != want {
			t.Fatalf("y[%d] = %v, want %v", i, y.v[i], want)
		}
	}
	sig := k.Signature()
	if len(sig.Params) != 4 || !sig.Params[2].Const || sig.Params[3].Const {
		t.Errorf("signature %+v: want x const and y not", sig)
	}
}
