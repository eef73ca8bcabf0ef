// Package display turns values into MIME bundles (the rich outputs of a notebook) and sends
// them to whoever runs the cell. It knows nothing of Jupyter's wire protocol: a Sink set by
// the session receives what cells display.
//
// Display shows a value and returns a Handle that replaces it in place; ClearOutput clears
// the cell's output; Render turns any value into a Bundle (Renderer values, images, errors,
// values with HTML/Markdown/SVG/LaTeX methods, fmt for the rest). HTML, Markdown, LaTeX,
// SVG, PNG, JPEG, Image, JSON and Text build bundles directly. Without a sink (a plain Go
// program, a terminal) Display prints text/plain to stdout.
//
// Progress is a progress bar updated in place at most ten times a second. BufferView,
// TopologyView, MatrixHeatmap and TimelineView are plain data that the gpu package fills and
// that render as tables, pictures and text; Reduction computes a BufferView's data from chunks of a
// buffer on the host. Charts are in the display/plot sub-package.
package display

// Bundle is a MIME bundle: the same output in several representations, keyed by MIME type.
// Data["text/plain"] is always present in bundles this package makes.
type Bundle struct {
	Data     map[string]any `json:"data"`
	Metadata map[string]any `json:"metadata"`
}

// Renderer is a value that renders itself. Cell values and values passed to Display that
// implement it are shown with the bundle it returns.
type Renderer interface {
	MIMEBundle() Bundle
}

// Sink receives what cells display. The session sets one while a cell runs.
type Sink interface {
	// Display shows b; id is the display id ("" for none); update replaces the output that
	// carries id instead of adding a new one.
	Display(b Bundle, id string, update bool)
	// ClearOutput clears the cell's output; wait defers it until the next output arrives.
	ClearOutput(wait bool)
}
