package eval

import (
	"strings"
	"testing"
)

// A variable holding a GPU buffer (gpu imported by its short path) is named with its type
// when a snapshot can't carry it, not as "package github".
func TestSnapshotNamesGPUBuffer(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, "import \"peerbook/gpu\"\nbuf, err := gpu.Dev(0).AllocFrom([]float32{1, 2})\n_ = err")
	snap := s.Snapshot()
	for _, l := range snap.Lost {
		if l.Name == "buf" {
			t.Logf("buf: %+v", l)
			if !strings.Contains(l.Why, "a gpu.Buffer is memory or state of a device of the old process") || l.Type != "*gpu.Buffer" {
				t.Errorf("buf lost because %q (type %q), want its type named gpu.Buffer", l.Why, l.Type)
			}
			return
		}
	}
	t.Errorf("buf was not named lost: %+v", snap)
}
