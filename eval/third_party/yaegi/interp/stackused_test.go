package interp

import (
	"runtime"
	"testing"
)

// peerbook patch 173: where the stack in use can be read, the reading passes its start-up
// check, and it grows with the calls nested under it.
func TestStackUsedReadsTheStack(t *testing.T) {
	switch runtime.GOOS + "/" + runtime.GOARCH {
	case "linux/amd64", "linux/arm64", "darwin/arm64":
	default:
		if stackMeasured {
			t.Fatalf("stackMeasured on %s/%s, where stackUsed is not implemented", runtime.GOOS, runtime.GOARCH)
		}
		t.Skipf("the stack in use is not read on %s/%s: the bound is checked against the estimate", runtime.GOOS, runtime.GOARCH)
	}
	if !stackMeasured {
		t.Fatal("stackUsed failed its start-up check")
	}
	outer := stackUsed()
	inner := stackUsedAfter(1000)
	if inner < outer+1000*256 || inner > outer+1000*1024 {
		t.Errorf("1,000 nested calls with 256-byte locals moved the reading from %d to %d bytes", outer, inner)
	}
}
