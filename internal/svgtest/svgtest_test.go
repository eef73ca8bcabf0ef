package svgtest

import (
	"math"
	"strings"
	"testing"
)

func TestOutsideFollowsAnchorsAndTransforms(t *testing.T) {
	// "simulated device" in Liberation Sans at 11 px is about 82 px wide.
	for _, tc := range []struct {
		name, svg string
		outside   bool
	}{
		{"fits", `<svg viewBox="0 0 100 20"><text x="5" y="15" font-size="11">simulated device</text></svg>`, false},
		{"cut at the right", `<svg viewBox="0 0 576 272"><text x="564.8" y="255" font-size="11">simulated device</text></svg>`, true},
		{"end anchor", `<svg viewBox="0 0 100 20"><text x="95" y="15" text-anchor="end" font-size="11">simulated device</text></svg>`, false},
		{"middle anchor past the left", `<svg viewBox="0 0 100 20"><text x="30" y="15" text-anchor="middle" font-size="11">simulated device</text></svg>`, true},
		{"above the top", `<svg viewBox="0 0 100 20"><text x="5" y="6" font-size="11">simulated device</text></svg>`, true},
		{"regular fits in 90 px", `<svg viewBox="0 0 90 20"><text x="5" y="15" font-size="11">simulated device</text></svg>`, false},
		{"bold is wider", `<svg viewBox="0 0 90 20"><text x="5" y="15" font-size="11" font-weight="700">simulated device</text></svg>`, true},
		// gonum/plot's output: a flipped group, text flipped back.
		{"flipped", `<svg width="480pt" height="300pt" viewBox="0 0 480 300"><g transform="scale(1, -1) translate(0, -300)">` +
			`<text x="212" y="-284" transform="scale(1, -1)" style="font-size:11.25px">title</text></g></svg>`, false},
		{"flipped, below", `<svg viewBox="0 0 480 300"><g transform="scale(1, -1) translate(0, -300)">` +
			`<text x="212" y="-1" transform="scale(1, -1)" style="font-size:11.25px">title</text></g></svg>`, true},
		{"rotated out", `<svg viewBox="0 0 100 100"><text x="5" y="50" transform="rotate(-90 5 50)" font-size="11">a rather long label here</text></svg>`, true},
		{"rotated in", `<svg viewBox="0 0 100 100"><text x="15" y="95" transform="rotate(-90 15 95)" font-size="11">short</text></svg>`, false},
	} {
		out, err := Outside(tc.svg)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := len(out) > 0; got != tc.outside {
			t.Errorf("%s: outside %v, want %v: %v", tc.name, got, tc.outside, out)
		}
	}
	_, _, _, _, texts, err := Texts(`<svg viewBox="0 0 100 20"><g font-size="10" font-weight="600"><text x="1" y="12">Ab &amp; c</text></g></svg>`)
	if err != nil || len(texts) != 1 || texts[0].Text != "Ab & c" || texts[0].Size != 10 || !texts[0].Bold {
		t.Fatalf("inherited style: %+v, %v", texts, err)
	}
	if w := texts[0].Width; math.Abs(w-31.7) > 2 {
		t.Errorf("the width of %q in bold 10 px: %.1f", texts[0].Text, w)
	}
	if _, err := Outside(`<svg viewBox="0 0 10 10"><text transform="skewX(3)">a</text></svg>`); err == nil || !strings.Contains(err.Error(), "skewX") {
		t.Errorf("an unsupported transform: %v", err)
	}
}
