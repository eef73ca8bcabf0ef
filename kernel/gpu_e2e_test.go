package kernel

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/peerbook/peerbook/internal/evalproto"
)

// TestGPUStickyFaultThroughKernel is issue 4's "a kernel with an out-of-bounds write faults
// and the next cell still works", end to end on a CUDA device: a %%cuda kernel writes far
// outside its buffer (an illegal address: a sticky fault that poisons the CUDA context), the
// cell's reply is the error naming the fault and the lost buffers, the evaluator exits so
// that a fresh process gets a working context, and the next cell runs on the GPU. It needs
// an NVIDIA GPU and the peerbook binary (PEERBOOK_BIN, or built here).
func TestGPUStickyFaultThroughKernel(t *testing.T) {
	if _, err := os.Stat("/dev/nvidiactl"); err != nil {
		t.Skip("no NVIDIA GPU here (/dev/nvidiactl: " + err.Error() + ")")
	}
	t.Setenv("PEERBOOK_DEVICES", "cuda")
	rk := startRealKernel(t, nil, "")
	c := dial(t, rk.conn)
	c.timeout = 60 * time.Second
	for _, tc := range []struct{ name, launch string }{
		{"launch and wait", "err = wild.Launch(gpu.Dev(0), 1, 1, buf)"},
		// Queued on a stream: Launch returns at once, the fault comes from Synchronize.
		{"queued on a stream", "s, _ := gpu.Dev(0).NewStream()\nerr = wild.With(gpu.OnStream(s)).Launch(gpu.Dev(0), 1, 1, buf)\nif err == nil {\n\terr = s.Synchronize()\n}"},
	} {
		t.Run(tc.name, func(t *testing.T) { faultAndGoOn(t, c, tc.launch) })
	}
}

// faultAndGoOn runs a cell that makes the kernel wild fault through launch, checks the error,
// and that the next cell runs on the GPU in a fresh session.
func faultAndGoOn(t *testing.T, c *client, launch string) {
	if r, _ := c.execute("import \"peerbook/gpu\"\nkept := 1\nbuf, err := gpu.Dev(0).Alloc(gpu.Int32, 16)\nerr"); content(r)["status"] != "ok" {
		t.Fatalf("setup: %v", content(r))
	}
	if r, _ := c.execute("%%cuda\nextern \"C\" __global__ void wild(int* p) { p[1LL << 40] = 1; }"); content(r)["status"] != "ok" {
		t.Fatalf("%%%%cuda: %v", content(r))
	}
	r, io := c.execute(launch + "\nif err != nil {\n\tpanic(err)\n}")
	rc := content(r)
	all := fmt.Sprint(rc["evalue"], rc["traceback"])
	for _, ev := range io {
		all += " " + fmt.Sprint(content(ev))
	}
	if rc["status"] != "error" || !strings.Contains(strings.ToLower(all), "illegal") {
		t.Errorf("the faulting cell: reply %v", rc)
	}
	t.Logf("the faulting cell: %s", rc["evalue"])
	// The next cell runs, in a fresh session on a working device.
	var res string
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		r, io := c.execute("import \"peerbook/gpu\"\nb, _ := gpu.Dev(0).AllocFrom([]int32{1, 2, 3})\nv, _ := b.Int32s()\nv")
		if content(r)["status"] == "ok" {
			if m := find(io, "execute_result"); m != nil {
				res, _ = content(m)["data"].(map[string]any)["text/plain"].(string)
			}
			break
		}
		t.Logf("next cell: %v", content(r)["evalue"])
		time.Sleep(500 * time.Millisecond)
	}
	if res != "[1 2 3]" {
		t.Errorf("after the fault, a cell using the GPU gave %q", res)
	}
	if r, _ := c.execute("kept"); content(r)["status"] != "error" {
		t.Errorf("the poisoned session's state survived: %v", content(r))
	}
}

// TestGPUStickyFaultThroughSession is the same fault through kernel.Session (`peerbook
// run`): the faulting cell's reply says the evaluator ends (Done.Ending), Execute returns
// once it has, and the very next cell runs on the GPU in a fresh session, without the
// poisoned session's state and without being blamed for the old evaluator's exit.
func TestGPUStickyFaultThroughSession(t *testing.T) {
	if _, err := os.Stat("/dev/nvidiactl"); err != nil {
		t.Skip("no NVIDIA GPU here (/dev/nvidiactl: " + err.Error() + ")")
	}
	t.Setenv("PEERBOOK_DEVICES", "cuda")
	s, err := StartSession(SessionConfig{EvaluatorCommand: []string{evaluatorBinary(t)}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(time.Second)
	ctx := context.Background()
	run := func(code string) (*evalproto.Done, *recordedEvents, error) {
		ev := &recordedEvents{}
		done, err := s.Execute(ctx, evalproto.ExecuteRequest{Code: code}, ev)
		return done, ev, err
	}
	for _, code := range []string{"import \"peerbook/gpu\"\nkept := 1\nbuf, err := gpu.Dev(0).Alloc(gpu.Int32, 16)\nerr",
		"%%cuda\nextern \"C\" __global__ void wild(int* p) { p[1LL << 40] = 1; }"} {
		if done, _, err := run(code); err != nil || done.Error != nil {
			t.Fatalf("setup %q: %v %+v", code, err, done)
		}
	}
	done, ev, err := run("err = wild.Launch(gpu.Dev(0), 1, 1, buf)\nif err != nil {\n\tpanic(err)\n}")
	if err != nil || done.Error == nil || done.Ending == "" {
		t.Fatalf("the faulting cell: %v %+v", err, done)
	}
	if !strings.Contains(ev.streams["stderr"], "state is lost") {
		t.Errorf("the faulting cell's stderr does not say the session ends: %q", ev.streams["stderr"])
	}
	done, _, err = run("import \"peerbook/gpu\"\nb, _ := gpu.Dev(0).AllocFrom([]int32{1, 2, 3})\nv, _ := b.Int32s()\nv")
	if err != nil || done.Error != nil || plainText(done.Value) == nil || *plainText(done.Value) != "[1 2 3]" {
		t.Errorf("the next cell: %v %+v", err, done)
	}
	if done, _, err := run("kept"); err != nil || done.Error == nil {
		t.Errorf("the poisoned session's state survived: %v %+v", err, done)
	}
}
