// Package plot makes charts short enough to write in a notebook cell: line, scatter, bar and
// heatmap, drawn with gonum.org/v1/plot and shown as SVG (the default) or PNG.
//
//	plot.Line(sizes, gbps).Title("copy bandwidth").XLabel("bytes").YLabel("GB/s").LogX()
//
// Every function takes plain []float64 slices and returns a *Plot that renders itself
// (display.Renderer); options are methods that return the plot, so they chain. Bad input
// (lengths that differ, no data, log axes with values <= 0) is shown as an error in the
// output instead of a chart; Err returns it.
package plot

import (
	"encoding/base64"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/peerbook/peerbook/display"
)

// Default size of a chart, in CSS pixels.
const (
	DefaultWidth  = 640
	DefaultHeight = 400
)

// Plot is a chart and its options.
type Plot struct {
	series []series
	bars   *barData
	heat   *heatData
	title  string
	xLabel string
	yLabel string
	names  []string
	logX   bool
	logY   bool
	width  int
	height int
	png    bool
	err    error
}

// series is one line or set of points.
type series struct {
	xs, ys  []float64
	scatter bool
}

type barData struct {
	labels []string
	values []float64
}

type heatData struct {
	matrix    [][]float64
	rowLabels []string
	colLabels []string
	format    string
}

func newPlot() *Plot { return &Plot{width: DefaultWidth, height: DefaultHeight} }

// Line plots each of ys against xs as a line. With no xs (nil), the x values are 0, 1, 2...
func Line(xs []float64, ys ...[]float64) *Plot {
	return newPlot().add("Line", xs, ys, false)
}

// Scatter plots each of ys against xs as points. With no xs (nil), the x values are
// 0, 1, 2...
func Scatter(xs []float64, ys ...[]float64) *Plot {
	return newPlot().add("Scatter", xs, ys, true)
}

// AddLine adds lines of ys against xs to the chart.
func (p *Plot) AddLine(xs []float64, ys ...[]float64) *Plot { return p.add("AddLine", xs, ys, false) }

// AddScatter adds points of ys against xs to the chart.
func (p *Plot) AddScatter(xs []float64, ys ...[]float64) *Plot {
	return p.add("AddScatter", xs, ys, true)
}

// add checks and adds series.
func (p *Plot) add(fn string, xs []float64, ys [][]float64, scatter bool) *Plot {
	if p.err != nil {
		return p
	}
	if p.bars != nil || p.heat != nil {
		return p.fail(fmt.Errorf("plot.%s: can't add lines or points to a bar chart or heatmap", fn))
	}
	if len(ys) == 0 {
		return p.fail(fmt.Errorf("plot.%s: no y values given", fn))
	}
	for i, y := range ys {
		if len(y) == 0 {
			return p.fail(fmt.Errorf("plot.%s: series %d is empty", fn, i))
		}
		x := xs
		if x == nil {
			x = make([]float64, len(y))
			for k := range x {
				x[k] = float64(k)
			}
		}
		if len(x) != len(y) {
			return p.fail(fmt.Errorf("plot.%s: series %d has %d y values for %d x values", fn, i, len(y), len(x)))
		}
		p.series = append(p.series, series{xs: x, ys: y, scatter: scatter})
	}
	return p
}

// Bar draws one bar a label, of the value at the same index.
func Bar(labels []string, values []float64) *Plot {
	p := newPlot()
	switch {
	case len(values) == 0:
		return p.fail(fmt.Errorf("plot.Bar: no values given"))
	case len(labels) != 0 && len(labels) != len(values):
		return p.fail(fmt.Errorf("plot.Bar: %d labels for %d values", len(labels), len(values)))
	}
	if len(labels) == 0 {
		labels = make([]string, len(values))
		for i := range labels {
			labels[i] = fmt.Sprint(i)
		}
	}
	for i, v := range values {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return p.fail(fmt.Errorf("plot.Bar: value %d (%q) is %v", i, labels[i], v))
		}
	}
	p.bars = &barData{labels: labels, values: values}
	return p
}

// Heatmap draws matrix (rows of equal length; NaN for no value) as coloured cells, with
// the value written in each cell when the cells are big enough. rowLabels and colLabels may
// be nil (indices are shown).
func Heatmap(matrix [][]float64, rowLabels, colLabels []string) *Plot {
	p := newPlot()
	if len(matrix) == 0 || len(matrix[0]) == 0 {
		return p.fail(fmt.Errorf("plot.Heatmap: the matrix is empty"))
	}
	cols := len(matrix[0])
	for r, row := range matrix {
		if len(row) != cols {
			return p.fail(fmt.Errorf("plot.Heatmap: row %d has %d values, row 0 has %d", r, len(row), cols))
		}
	}
	if rowLabels != nil && len(rowLabels) != len(matrix) {
		return p.fail(fmt.Errorf("plot.Heatmap: %d row labels for %d rows", len(rowLabels), len(matrix)))
	}
	if colLabels != nil && len(colLabels) != cols {
		return p.fail(fmt.Errorf("plot.Heatmap: %d column labels for %d columns", len(colLabels), cols))
	}
	p.heat = &heatData{matrix: matrix, rowLabels: rowLabels, colLabels: colLabels}
	return p
}

func (p *Plot) fail(err error) *Plot {
	if p.err == nil {
		p.err = err
	}
	return p
}

// Title sets the chart's title.
func (p *Plot) Title(s string) *Plot { p.title = s; return p }

// XLabel sets the label of the x axis.
func (p *Plot) XLabel(s string) *Plot { p.xLabel = s; return p }

// YLabel sets the label of the y axis.
func (p *Plot) YLabel(s string) *Plot { p.yLabel = s; return p }

// Names names the series, in the order they were added, for the legend.
func (p *Plot) Names(names ...string) *Plot { p.names = names; return p }

// LogX makes the x axis logarithmic (every x must be > 0).
func (p *Plot) LogX() *Plot { p.logX = true; return p }

// LogY makes the y axis logarithmic (every y must be > 0).
func (p *Plot) LogY() *Plot { p.logY = true; return p }

// Size sets the chart's size in CSS pixels (at least 120 x 90, at most 4000 x 4000).
func (p *Plot) Size(width, height int) *Plot {
	if width < 120 || height < 90 || width > 4000 || height > 4000 {
		return p.fail(fmt.Errorf("plot.Size: %d x %d is out of range (120 x 90 to 4000 x 4000)", width, height))
	}
	p.width, p.height = width, height
	return p
}

// Format chooses how the chart is rendered in a notebook: "svg" (the default) or "png".
func (p *Plot) Format(f string) *Plot {
	switch strings.ToLower(f) {
	case "svg":
		p.png = false
	case "png":
		p.png = true
	default:
		return p.fail(fmt.Errorf("plot.Format: unknown format %q (want svg or png)", f))
	}
	return p
}

// CellFormat sets the fmt verb that writes heatmap cell values ("%.1f"); the default is
// three significant digits.
func (p *Plot) CellFormat(verb string) *Plot {
	if p.heat != nil {
		p.heat.format = verb
	}
	return p
}

// Err returns what is wrong with the chart's data or options, nil when nothing is.
func (p *Plot) Err() error {
	if p == nil {
		return fmt.Errorf("plot: nil plot")
	}
	return p.err
}

// SVG renders the chart as an SVG document.
func (p *Plot) SVG() ([]byte, error) { return p.render(false, 0) }

// PNG renders the chart as a PNG image (twice the pixel size, for sharp high-DPI screens).
func (p *Plot) PNG() ([]byte, error) { return p.render(true, pngDPI) }

// Save writes the chart to a file, as SVG or PNG after the file's extension.
func (p *Plot) Save(path string) error {
	var data []byte
	var err error
	switch strings.ToLower(filepath.Ext(path)) {
	case ".svg":
		data, err = p.SVG()
	case ".png":
		data, err = p.PNG()
	default:
		return fmt.Errorf("plot.Save %s: unknown extension (want .svg or .png)", path)
	}
	if err != nil {
		return err
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return fmt.Errorf("plot.Save: %w", err)
	}
	return nil
}

// MIMEBundle renders the chart for a notebook: SVG with a PNG beside it (at the CSS pixel
// density, for front ends that show no SVG), or a sharp PNG alone after Format("png"), and
// a text description. A chart with bad data renders as the error.
func (p *Plot) MIMEBundle() display.Bundle {
	if p == nil {
		return display.Error(fmt.Errorf("plot: nil plot"))
	}
	data, err := p.render(p.png, pngDPI)
	if err != nil {
		return display.Error(err)
	}
	var b display.Bundle
	if p.png {
		b = display.PNG(data)
	} else {
		b = display.SVG(string(data))
		companion, err := p.render(true, companionDPI)
		if err != nil {
			return display.Error(err)
		}
		b.Data[display.MIMEPNG] = base64.StdEncoding.EncodeToString(companion)
	}
	b.Metadata[display.MIMEPNG] = map[string]any{"width": p.width, "height": p.height}
	b.Data[display.MIMEText] = p.String()
	return b
}

// String describes the chart in one line.
func (p *Plot) String() string {
	if p == nil {
		return "<nil plot>"
	}
	if p.err != nil {
		return p.err.Error()
	}
	kind := ""
	switch {
	case p.bars != nil:
		kind = fmt.Sprintf("bar chart of %d values", len(p.bars.values))
	case p.heat != nil:
		kind = fmt.Sprintf("heatmap %d x %d", len(p.heat.matrix), len(p.heat.matrix[0]))
	default:
		lines, points := 0, 0
		for _, s := range p.series {
			if s.scatter {
				points++
			} else {
				lines++
			}
		}
		kind = fmt.Sprintf("plot of %d lines and %d point sets", lines, points)
	}
	if p.title != "" {
		return fmt.Sprintf("[%s: %s]", p.title, kind)
	}
	return "[" + kind + "]"
}
