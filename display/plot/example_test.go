package plot_test

import (
	"fmt"
	"sort"
	"strings"

	"github.com/peerbook/peerbook/display"
	"github.com/peerbook/peerbook/display/plot"
)

// A chart is a cell's value (or passed to display.Display): an SVG picture by default, a
// PNG of it for front ends that show no SVG, and a one-line text/plain form for terminals.
func ExampleLine() {
	xs := []float64{1, 2, 4, 8}
	p := plot.Line(xs, []float64{10, 19, 41, 80}).Title("bandwidth").XLabel("MiB").YLabel("GB/s")
	b := display.Render(p)
	var types []string
	for t := range b.Data {
		types = append(types, t)
	}
	sort.Strings(types)
	fmt.Println(types, p.Err())
	fmt.Println(strings.Contains(b.Data[display.MIMESVG].(string), "<svg"))
	// Output:
	// [image/png image/svg+xml text/plain] <nil>
	// true
}

// Bad input is an error the chart carries and shows, never a panic.
func ExampleBar() {
	p := plot.Bar([]string{"a", "b"}, []float64{1})
	fmt.Println(p.Err())
	// Output: plot.Bar: 2 labels for 1 values
}
