package plot

import (
	"strings"
	"testing"

	"github.com/peerbook/peerbook/display"
	"github.com/peerbook/peerbook/internal/svgtest"
)

// A title or a legend wider than the plot is set smaller, and a title still too wide is
// cut: no text reaches outside the picture.
func TestLongTitleAndLegendStayInside(t *testing.T) {
	xs := []float64{1, 2, 3}
	long := "copy bandwidth GPU0 → GPU1 by transfer size, modelled for sim:2 (its link table), not measured"
	for _, p := range []*Plot{
		Line(xs, xs).Title(long),
		Line(xs, xs).Title(strings.Repeat("a very long title ", 12)),
		Line(xs, xs, xs, xs, xs).Names("the first series", "the second series", "the third series", "the fourth series", "the fifth series").Title("t"),
	} {
		svg, _ := p.MIMEBundle().Data[display.MIMESVG].(string)
		outside, err := svgtest.Outside(svg)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range outside {
			t.Error(o)
		}
	}
	svg, _ := Line(xs, xs).Title("short title").MIMEBundle().Data[display.MIMESVG].(string)
	// 15 px is 11.25 in the picture's units (points).
	if !strings.Contains(svg, "short title") || !strings.Contains(svg, "font-size:11.25px") {
		t.Error("a short title is not drawn whole at 15 px")
	}
}
