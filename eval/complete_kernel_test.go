package eval

import (
	"strings"
	"testing"
)

// completionTypes returns the metadata of a completion: text -> [type, signature].
func completionTypes(c Completion) map[string][2]string {
	out := map[string][2]string{}
	types, _ := c.Metadata["_jupyter_types_experimental"].([]map[string]any)
	for _, t := range types {
		text, _ := t["text"].(string)
		kind, _ := t["type"].(string)
		sig, _ := t["signature"].(string)
		out[text] = [2]string{kind, sig}
	}
	return out
}

// setupKernelSession is a session with gpu imported, a device variable and a kernel.
func setupKernelSession(t *testing.T) *Session {
	s := newSession(t)
	mustExec(t, s, `import "peerbook/gpu"
func scale(t gpu.Thread, a float32, x []float32) {
	if i := t.GlobalX(); i < len(x) {
		x[i] *= a
	}
}
d := gpu.Dev(0)`)
	return s
}

// TestCompletionOffersTheGenericKernelAPI: gpu. offers the generic names cells use in
// kernels (the symbol tables can't hold them) and the rank API, with their declarations,
// never the plumbing, and no go/constant type names in the metadata.
func TestCompletionOffersTheGenericKernelAPI(t *testing.T) {
	s := setupKernelSession(t)
	c := s.Complete("gpu.", 4)
	meta := completionTypes(c)
	for _, name := range []string{"Peer", "AtomicAdd", "AtomicLoad", "AtomicStore", "AtomicCAS", "Shared",
		"Load4", "Store4", "AllocSymmetric", "Barrier", "AllReduce", "Broadcast", "Rank", "Ranks", "Dev", "Thread"} {
		if _, ok := meta[name]; !ok {
			t.Errorf("gpu. does not offer %s", name)
		}
	}
	for _, name := range []string{"SetInterrupt", "SetNotice", "SetWorld", "Poisoned", "LookupKernel"} {
		if _, ok := meta[name]; ok {
			t.Errorf("gpu. offers the plumbing %s", name)
		}
	}
	want := map[string]string{
		"AtomicAdd":            "func AtomicAdd[T AtomicNumber](p *T, v T) T",
		"Peer":                 "type Peer[T any] []T",
		"Dev":                  "func Dev(i int) *Device",
		"AllReduce":            "func AllReduce(buf *Buffer, op ReduceOp) error",
		"DefaultLatencyRounds": "const DefaultLatencyRounds = 2000",
		"Float32":              "const Float32 gpu.DType",
	}
	for name, sig := range want {
		if got := meta[name][1]; got != sig {
			t.Errorf("gpu.%s: signature %q, want %q", name, got, sig)
		}
	}
	for name, m := range meta {
		if strings.Contains(m[1], "constant.") || strings.Contains(m[1], "interface {}") {
			t.Errorf("gpu.%s: signature %q spells an internal type", name, m[1])
		}
	}
}

// TestCompletionInsideKernelBodies: in a kernel's body, the kernel's parameters complete,
// t. offers gpu.Thread's fields and methods, and gpu. offers what kernels can call.
func TestCompletionInsideKernelBodies(t *testing.T) {
	s := setupKernelSession(t)
	const head = "func fill(t gpu.Thread, alpha float32, x gpu.Peer[float32]) {\n\t"
	cases := []struct {
		code    string
		want    []string
		notWant []string
	}{
		{head + "t.", []string{"GlobalX", "GlobalY", "StrideX", "Barrier", "ThreadIdx", "BlockDim"}, nil},
		{head + "if i := t.Gl", []string{"GlobalX", "GlobalY", "GlobalZ"}, []string{"StrideX"}},
		{head + "y := al", []string{"alpha"}, nil},
		{head + "x[0] = alpha\n\t", []string{"alpha", "x", "t", "for"}, nil},
		{head + "gpu.Atom", []string{"AtomicAdd", "AtomicCAS", "AtomicLoad", "AtomicStore"}, nil},
		{head + "gpu.", []string{"SyncSystem", "Shared", "Load4", "Peer", "Thread"}, []string{"Dev", "Devices", "Topology"}},
		{head + "t.BlockIdx.", []string{"X", "Y", "Z"}, nil},
	}
	for _, c := range cases {
		got := s.Complete(c.code, len(c.code))
		have := map[string]bool{}
		for _, m := range got.Matches {
			have[m] = true
		}
		for _, w := range c.want {
			if !have[w] {
				t.Errorf("%q: %q missing from %q", c.code, w, matches(got))
			}
		}
		for _, w := range c.notWant {
			if have[w] {
				t.Errorf("%q: %q offered inside a kernel", c.code, w)
			}
		}
	}
	meta := completionTypes(s.Complete(head+"t.G", len(head)+3))
	if got, want := meta["GlobalX"][1], "func (t Thread) GlobalX() int"; got != want {
		t.Errorf("t.GlobalX: signature %q, want %q", got, want)
	}
}

// TestCompletionOfAnyExpression: completion after a call's result (gpu.Dev(0).) and after a
// type (method expressions), with the API's declarations as signatures.
func TestCompletionOfAnyExpression(t *testing.T) {
	s := setupKernelSession(t)
	cases := []struct {
		code string
		want map[string]string
	}{
		{"gpu.Dev(0).", map[string]string{
			"AllocShared": "func (d *Device) AllocShared(dtype DType, n int) (*Buffer, error)",
			"Name":        "func (d *Device) Name() string"}},
		{"b, _ := gpu.Dev(0).AllocFrom([]float32{1})\nb.Re", map[string]string{
			"Reshape": "func (b *Buffer) Reshape(dims ...int) error"}},
		{"d.Al", map[string]string{"AllocShared": "func (d *Device) AllocShared(dtype DType, n int) (*Buffer, error)"}},
		{"gpu.Buffer.Re", map[string]string{"Reshape": "func (b *Buffer) Reshape(dims ...int) error"}},
		{"gpu.Devices()[0].Sy", map[string]string{"Synchronize": "func (d *Device) Synchronize() (err error)"}},
	}
	for _, c := range cases {
		meta := completionTypes(s.Complete(c.code, len(c.code)))
		for name, sig := range c.want {
			if got, ok := meta[name]; !ok {
				t.Errorf("%q: %s not offered (%v)", c.code, name, meta)
			} else if got[1] != sig {
				t.Errorf("%q: %s's signature %q, want %q", c.code, name, got[1], sig)
			}
		}
	}
}

// TestInspectAnyExpression: Shift-Tab documents a method of any expression, a method
// expression, a kernel's Launch with its parameters, what a kernel's body names.
func TestInspectAnyExpression(t *testing.T) {
	s := setupKernelSession(t)
	const kernel = "func fill(t gpu.Thread, x gpu.Peer[uint32]) {\n\tgpu.AtomicAdd(&x[0], 1)\n\tt.GlobalX()"
	cases := []struct {
		code    string
		at      int
		want    []string
		notWant []string
	}{
		{"gpu.Dev(0).AllocShared", 14, []string{"func (d *Device) AllocShared(dtype DType, n int) (*Buffer, error)", "zeroed and shared"}, nil},
		{"d.AllocShared(gpu.Float32, 4)", 5, []string{"func (d *Device) AllocShared(dtype DType, n int) (*Buffer, error)"}, []string{"backend.", "*gpu.Device, "}},
		{"gpu.Buffer.Reshape", 13, []string{"func (b *Buffer) Reshape(dims ...int) error", "product of\ndims must be Len"}, nil},
		{"gpu.Device.AllocShared", 13, []string{"func (d *Device) AllocShared(dtype DType, n int)"}, nil},
		{"scale.Launch(d, 1, 4, ", 8, []string{"scale.Launch(dev *gpu.Device, grid, block any, a float32, x []float32, opts ...gpu.LaunchOption) error", "grid and block"}, []string{"interface {}"}},
		{kernel, strings.Index(kernel, "AtomicAdd") + 2, []string{"func AtomicAdd[T AtomicNumber](p *T, v T) T", "old value"}, nil},
		{kernel, strings.Index(kernel, "GlobalX") + 2, []string{"func (t Thread) GlobalX() int", "index along X"}, nil},
		{kernel, strings.Index(kernel, "x[0]") + 1, []string{"var x gpu.Peer[uint32]", "shared with the other devices"}, nil},
		{"func notRunYet(n int) string { return \"\" }\nnotRunYet", 50, []string{"func notRunYet(n int) string"}, nil},
	}
	for _, c := range cases {
		in := s.Inspect(c.code, c.at, 0)
		text, _ := in.Data["text/plain"].(string)
		if !in.Found {
			t.Errorf("%q at %d: not found", c.code, c.at)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(text, w) {
				t.Errorf("%q at %d: %q missing from:\n%s", c.code, c.at, w, text)
			}
		}
		for _, w := range c.notWant {
			if strings.Contains(text, w) {
				t.Errorf("%q at %d: %q in:\n%s", c.code, c.at, w, text)
			}
		}
	}
}

// TestQueryOnAnyExpression: expr? pages the documentation of any expression (it was a
// compile error: illegal character U+003F '?'), and %help of a type with unexported fields
// says so inside its braces.
func TestQueryOnAnyExpression(t *testing.T) {
	s := setupKernelSession(t)
	cases := []struct {
		code    string
		want    []string
		notWant []string
	}{
		{"gpu.Dev(0).AllocShared?", []string{"func (d *Device) AllocShared(dtype DType, n int) (*Buffer, error)"}, nil},
		{"gpu.Buffer.Reshape?", []string{"func (b *Buffer) Reshape(dims ...int) error"}, nil},
		{"gpu.Device.AllocShared?", []string{"func (d *Device) AllocShared(dtype DType, n int)"}, nil},
		{"gpu.Dev(0)?", []string{"gpu.Dev(0): *gpu.Device", "Device is a GPU"}, nil},
		{"x := 1\ngpu.Dev(0).Name?", []string{"func (d *Device) Name() string"}, nil},
		{"%help gpu.Buffer", []string{"type Buffer struct {\n\t// Has unexported fields.\n}", "func (b *Buffer) Reshape(dims ...int) error"}, []string{"}//", "contains filtered"}},
	}
	for _, c := range cases {
		res, e, rec := run(t, s, c.code)
		if e != nil {
			t.Errorf("%q: %s: %s", c.code, e.Name, e.Value)
			continue
		}
		var page string
		for _, p := range res.Payloads {
			if data, ok := p["data"].(map[string]any); ok {
				text, _ := data["text/plain"].(string)
				page += text
			}
		}
		if page == "" {
			t.Errorf("%q: no page (output %v)", c.code, rec)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(page, w) {
				t.Errorf("%q: %q missing from:\n%s", c.code, w, page)
			}
		}
		for _, w := range c.notWant {
			if strings.Contains(page, w) {
				t.Errorf("%q: %q in:\n%s", c.code, w, page)
			}
		}
	}
}
