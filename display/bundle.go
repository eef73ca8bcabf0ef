// Package display turns values into MIME bundles (the rich outputs of a notebook) and sends
// them to whoever runs the cell. It knows nothing of Jupyter's wire protocol: a Sink set by
// the session receives what cells display.
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
