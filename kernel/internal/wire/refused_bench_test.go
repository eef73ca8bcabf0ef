package wire

import (
	"strings"
	"testing"
)

// BenchmarkRefusalTap is what following a message that is not refused costs the
// connection's reader (every message passes its tap), beside the reference: the kernel's
// own check of the same message's signature (Decode). Up to 64 KiB of signed bytes the tap
// copies; past that it hashes them, so a large message's signature costs twice.
func BenchmarkRefusalTap(b *testing.B) {
	s := testSigner(b, "secret")
	for _, size := range []int{1 << 10, 64 << 10, 1 << 20, 16 << 20} {
		frames := execFrames(s, strings.Repeat("x", size))
		total := 0
		for _, f := range frames {
			total += len(f)
		}
		name := map[int]string{1 << 10: "1KiB", 64 << 10: "64KiB", 1 << 20: "1MiB", 16 << 20: "16MiB"}[size]
		b.Run("tap/"+name, func(b *testing.B) {
			tap := NewRefusalTap(s, 1<<30, describeTest)
			b.SetBytes(int64(total))
			for b.Loop() {
				feed(tap, frames, -1, 64<<10)
			}
		})
		b.Run("decode/"+name, func(b *testing.B) {
			b.SetBytes(int64(total))
			for b.Loop() {
				if _, err := Decode(frames, s); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
