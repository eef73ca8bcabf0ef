package half

import (
	"math"
	"testing"
)

func TestF16RoundTripAllValues(t *testing.T) {
	for h := 0; h < 0x10000; h++ {
		f := F16ToF32(uint16(h))
		if f != f {
			continue
		}
		if back := F32ToF16(f); back != uint16(h) {
			t.Fatalf("half %#x -> %v -> %#x", h, f, back)
		}
	}
}

// TestBF16RoundTripAllValues: every bfloat16 that is not NaN survives a round trip through
// float32, and NaN stays NaN.
func TestBF16RoundTripAllValues(t *testing.T) {
	for b := 0; b < 0x10000; b++ {
		f := BF16ToF32(uint16(b))
		back := F32ToBF16(f)
		if f != f {
			if g := BF16ToF32(back); g == g {
				t.Fatalf("NaN %#x -> %#x is not NaN", b, back)
			}
			continue
		}
		if back != uint16(b) {
			t.Fatalf("bfloat16 %#x -> %v -> %#x", b, f, back)
		}
	}
	if got := F32ToBF16(math.Float32frombits(0x3f808000)); got != 0x3f80 {
		t.Errorf("tie to even: %#x, want 0x3f80", got)
	}
}
