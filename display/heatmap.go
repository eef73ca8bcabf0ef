package display

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// MaxMatrixSide is the most rows or columns a MatrixHeatmap shows.
const MaxMatrixSide = 64

// MatrixHeatmap is a measured matrix, such as P2P bandwidth or latency between devices,
// shown as a heatmap with the value written in each cell.
type MatrixHeatmap struct {
	Title     string
	Note      string      // a line under the title: where the figures come from, ...
	RowLabels []string    // one a row ("GPU0"); missing labels are the row index
	ColLabels []string    // one a column
	Values    [][]float64 // Values[row][col]; NaN where there is no value (not measured)
	Unit      string      // "GB/s", "µs"
	Digits    int         // significant digits written in cells; 0 means 3
	LowIsGood bool        // colour low values as the best (latency); high ones otherwise
}

// check returns the matrix's dimensions, or what is wrong with it.
func (m *MatrixHeatmap) check() (rows, cols int, err error) {
	rows = len(m.Values)
	if rows == 0 {
		return 0, 0, fmt.Errorf("display.MatrixHeatmap: no values")
	}
	cols = len(m.Values[0])
	for r, row := range m.Values {
		if len(row) != cols {
			return 0, 0, fmt.Errorf("display.MatrixHeatmap: row %d has %d values, row 0 has %d", r, len(row), cols)
		}
	}
	if cols == 0 {
		return 0, 0, fmt.Errorf("display.MatrixHeatmap: the rows are empty")
	}
	if rows > MaxMatrixSide || cols > MaxMatrixSide {
		return 0, 0, fmt.Errorf("display.MatrixHeatmap: %d x %d is too large to annotate (at most %d x %d); use display/plot.Heatmap",
			rows, cols, MaxMatrixSide, MaxMatrixSide)
	}
	return rows, cols, nil
}

func (m *MatrixHeatmap) label(labels []string, i int) string {
	if i < len(labels) && labels[i] != "" {
		return labels[i]
	}
	return strconv.Itoa(i)
}

// cellText formats one value for a cell.
func (m *MatrixHeatmap) cellText(v float64) string {
	if math.IsNaN(v) {
		return "–"
	}
	digits := m.Digits
	if digits <= 0 {
		digits = 3
	}
	return formatSignificant(v, digits)
}

// formatSignificant writes v with digits significant digits, without an exponent for
// values between 1e-4 and 1e9.
func formatSignificant(v float64, digits int) string {
	if math.IsInf(v, 0) || math.IsNaN(v) || v == 0 {
		return formatValue(v, true)
	}
	a := math.Abs(v)
	if a < 1e-4 || a >= 1e9 {
		return strconv.FormatFloat(v, 'g', digits, 64)
	}
	mag := int(math.Floor(math.Log10(a)))
	dec := max(digits-1-mag, 0)
	return strconv.FormatFloat(v, 'f', dec, 64)
}

// MIMEBundle renders the matrix: an annotated SVG heatmap (also inside the HTML) and an
// aligned text table.
func (m MatrixHeatmap) MIMEBundle() Bundle {
	rows, cols, err := m.check()
	if err != nil {
		return errorBundle(err)
	}
	b := newBundle()
	b.Data[MIMEText] = m.text(rows, cols)
	return m.svg(rows, cols).render().fit(b, func(pic string) string { return `<div style="max-width:100%">` + pic + `</div>` }, MaxOutputBytes)
}

// svg draws the heatmap.
func (m *MatrixHeatmap) svg(rows, cols int) *svgDoc {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, row := range m.Values {
		for _, v := range row {
			if !math.IsNaN(v) && !math.IsInf(v, 0) {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
		}
	}
	if lo > hi {
		lo, hi = 0, 1
	}
	if lo == hi {
		pad := math.Max(math.Abs(lo)*0.05, 0.5)
		lo, hi = lo-pad, hi+pad
	}
	tOf := func(v float64) float64 {
		t := (v - lo) / (hi - lo)
		if m.LowIsGood {
			t = 1 - t
		}
		return t
	}

	cw := clamp(600/float64(cols), 22, 76)
	ch := clamp(cw*0.55, 18, 34)
	annotate := cw >= 34
	font := clamp(ch*0.42, 9, 12)
	labelW := 0.0
	for r := 0; r < rows; r++ {
		labelW = math.Max(labelW, textWidth(m.label(m.RowLabels, r), 11, false))
	}
	colLabelW := 0.0
	for c := 0; c < cols; c++ {
		colLabelW = math.Max(colLabelW, textWidth(m.label(m.ColLabels, c), 11, false))
	}
	rotate := colLabelW > cw-4
	left := labelW + 20
	// The title, and the note under it, start at the grid's left edge, or at the margin
	// when the picture is too narrow for them there.
	titleX := left
	top := 10.0
	if m.Title != "" {
		top += 20
	}
	if m.Note != "" {
		top += 16
	}
	colLabelH := 20.0
	if rotate {
		colLabelH = colLabelW*math.Sqrt2/2 + textAscent(11) + 8
	}
	gridTop := top + colLabelH
	gw, gh := cw*float64(cols), ch*float64(rows)
	if gh < 60 { // room for a colour bar with ticks
		gh = 60
		ch = gh / float64(rows)
		font = clamp(ch*0.42, 9, 12)
	}
	barX := left + gw + 20
	ticks := m.barTicks(gridTop, gh)
	tickW := 0.0
	for _, t := range ticks {
		tickW = math.Max(tickW, textWidth(t.text, 11, false))
	}
	W := barX + 21 + math.Max(tickW, textWidth(m.Unit, 11, false)) + 10
	textW := math.Max(textWidth(m.Title, 13, true), textWidth(m.Note, 11, false))
	if titleX+textW+10 > W { // a title longer than the grid widens the picture
		titleX = math.Min(titleX, 10)
		W = math.Max(W, titleX+textW+10)
	}
	H := gridTop + gh + 16

	d := new(svgDoc)
	d.begin(W, H)
	if m.Title != "" {
		d.text(titleX, 19, "start", 13, "#212121", m.Title, bold)
	}
	if m.Note != "" {
		y := 19.0
		if m.Title != "" {
			y += 17
		}
		d.text(titleX, y, "start", 11, "#757575", m.Note, plain)
	}
	for c := 0; c < cols; c++ {
		x := left + (float64(c)+0.5)*cw
		lab := m.label(m.ColLabels, c)
		if rotate {
			d.text(x, gridTop-6, "start", 11, "#424242", lab, textStyle{rotate: -45})
		} else {
			d.text(x, gridTop-6, "middle", 11, "#424242", lab, plain)
		}
	}
	for r := 0; r < rows; r++ {
		y := gridTop + float64(r)*ch
		d.text(left-8, y+ch/2+4, "end", 11, "#424242", m.label(m.RowLabels, r), plain)
		for c := 0; c < cols; c++ {
			v := m.Values[r][c]
			x := left + float64(c)*cw
			fill := nanColour
			if !math.IsNaN(v) {
				fill = viridis.At(tOf(v))
			}
			d.rect(x, y, cw, ch, hexColour(fill), stroked("#ffffff", 1))
			if annotate {
				ink := "#212121"
				if !math.IsNaN(v) && lightText(fill) {
					ink = "#ffffff"
				}
				d.text(x+cw/2, y+ch/2+font*0.36, "middle", font, ink, m.cellText(v), plain)
			}
		}
	}

	// The colour bar, with the unit above it.
	gradID := "pb-mh-viridis"
	if m.LowIsGood {
		gradID = "pb-mh-viridis-r"
	}
	bar := viridis
	if m.LowIsGood {
		bar = make(colourMap, len(viridis))
		for i, c := range viridis {
			bar[len(bar)-1-i] = c
		}
	}
	d.colourBar(barX, gridTop, 14, gh, gradID, bar, stroked("#9e9e9e", 0.5))
	if m.Unit != "" {
		d.text(barX, gridTop-6, "start", 11, "#616161", m.Unit, plain)
	}
	for _, t := range ticks {
		d.line(barX+14, t.y, barX+18, t.y, "#9e9e9e", 1, shape{})
		d.text(barX+21, t.y+4, "start", 11, "#616161", t.text, plain)
	}
	d.end()
	return d
}

// barTick is a labelled tick of the colour bar.
type barTick struct {
	y    float64
	text string
}

// barTicks are the ticks of a colour bar from top to top+h: the smallest and the largest
// value at its ends, and round values between them that keep 14 px from their neighbours.
func (m *MatrixHeatmap) barTicks(top, h float64) []barTick {
	lo, hi := m.valueRange()
	if lo == hi {
		return []barTick{{top + h/2, formatSignificant(lo, 3)}}
	}
	yOf := func(v float64) float64 { return top + (hi-v)/(hi-lo)*h }
	const gap = 14.0
	ticks := []barTick{{yOf(hi), formatSignificant(hi, 3)}}
	inner, step := niceTicks(lo, hi, max(2, int(h/28)))
	for i := len(inner) - 1; i >= 0; i-- {
		y := yOf(inner[i])
		if y-ticks[len(ticks)-1].y >= gap && yOf(lo)-y >= gap {
			ticks = append(ticks, barTick{y, formatTick(inner[i], step)})
		}
	}
	return append(ticks, barTick{yOf(lo), formatSignificant(lo, 3)})
}

// valueRange is the smallest and largest finite value (0 and 1 where there is none).
func (m *MatrixHeatmap) valueRange() (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, row := range m.Values {
		for _, v := range row {
			if !math.IsNaN(v) && !math.IsInf(v, 0) {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
		}
	}
	if lo > hi {
		return 0, 1
	}
	return lo, hi
}

// text is the matrix as an aligned table.
func (m *MatrixHeatmap) text(rows, cols int) string {
	var b strings.Builder
	if m.Title != "" {
		b.WriteString(m.Title)
		if m.Unit != "" {
			b.WriteString(" (" + m.Unit + ")")
		}
		b.WriteString("\n")
	} else if m.Unit != "" {
		b.WriteString("(" + m.Unit + ")\n")
	}
	if m.Note != "" {
		b.WriteString(m.Note + "\n")
	}
	cells := make([][]string, rows+1)
	cells[0] = append(cells[0], "")
	for c := 0; c < cols; c++ {
		cells[0] = append(cells[0], m.label(m.ColLabels, c))
	}
	for r := 0; r < rows; r++ {
		cells[r+1] = append(cells[r+1], m.label(m.RowLabels, r))
		for c := 0; c < cols; c++ {
			cells[r+1] = append(cells[r+1], m.cellText(m.Values[r][c]))
		}
	}
	widths := make([]int, cols+1)
	for _, row := range cells {
		for c, s := range row {
			widths[c] = max(widths[c], len([]rune(s)))
		}
	}
	for _, row := range cells {
		for c, s := range row {
			pad := strings.Repeat(" ", widths[c]-len([]rune(s)))
			if c == 0 {
				b.WriteString(s + pad)
			} else {
				b.WriteString("  " + pad + s)
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}
