// Package notebook reads and writes Jupyter notebooks (nbformat 4), runs their code cells
// through a Go session, and renders them as a self-contained HTML page.
//
// Notebooks are kept as decoded JSON so that whatever a frontend stored (metadata, attachments,
// widget state) survives a run untouched; only code cells' outputs and execution counts change.
package notebook

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/peerbook/peerbook/internal/atomicfile"
)

// Notebook is a decoded .ipynb file.
type Notebook struct {
	doc   map[string]any
	Cells []*Cell
}

// Cell is one cell of a notebook.
type Cell struct {
	raw map[string]any
}

// Type is the cell's type: "code", "markdown" or "raw".
func (c *Cell) Type() string { s, _ := c.raw["cell_type"].(string); return s }

// Source is the cell's text.
func (c *Cell) Source() string { return JoinText(c.raw["source"]) }

// Outputs are the cell's outputs, as nbformat JSON objects.
func (c *Cell) Outputs() []map[string]any {
	list, _ := c.raw["outputs"].([]any)
	outs := make([]map[string]any, 0, len(list))
	for _, o := range list {
		if m, ok := o.(map[string]any); ok {
			outs = append(outs, m)
		}
	}
	return outs
}

// SetOutputs replaces the cell's outputs and execution count (count 0 writes null).
func (c *Cell) SetOutputs(outs []map[string]any, count int) {
	list := make([]any, len(outs))
	for i, o := range outs {
		list[i] = o
	}
	c.raw["outputs"] = list
	if count > 0 {
		c.raw["execution_count"] = count
	} else {
		c.raw["execution_count"] = nil
	}
}

// Read decodes a notebook file.
func Read(path string) (*Notebook, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading notebook: %w", err)
	}
	nb, err := Decode(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return nb, nil
}

// Decode decodes notebook JSON. Only nbformat 4 is supported.
func Decode(data []byte) (*Notebook, error) {
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("not a notebook (invalid JSON): %w", err)
	}
	_, hasFormat := doc["nbformat"]
	if _, hasCells := doc["cells"]; !hasFormat && !hasCells {
		return nil, errors.New(`not a notebook: it has neither "nbformat" nor "cells" (a Jupyter notebook is a JSON object with "cells", "metadata" and "nbformat": 4)`)
	}
	if !hasFormat {
		return nil, errors.New(`not a notebook: no "nbformat" (peerbook reads nbformat 4)`)
	}
	if v, _ := doc["nbformat"].(float64); v != 4 {
		return nil, fmt.Errorf("unsupported nbformat %v: peerbook reads nbformat 4", doc["nbformat"])
	}
	list, ok := doc["cells"].([]any)
	if !ok {
		return nil, fmt.Errorf("not a notebook: no cells list")
	}
	nb := &Notebook{doc: doc}
	for i, c := range list {
		m, ok := c.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("cell %d is not an object", i+1)
		}
		if err := checkCell(m); err != nil {
			return nil, fmt.Errorf("cell %d: %w", i+1, err)
		}
		nb.Cells = append(nb.Cells, &Cell{raw: m})
	}
	return nb, nil
}

// checkCell checks what a run reads of a cell: its type, and its source, a string or a list
// of strings (nbformat's multiline string), which code cells must have.
func checkCell(m map[string]any) error {
	typ, ok := m["cell_type"].(string)
	if !ok {
		return fmt.Errorf("cell_type is %s, want a string", jsonKind(m["cell_type"]))
	}
	src, ok := m["source"]
	if !ok {
		if typ == "code" {
			return errors.New("code cell without a source")
		}
		return nil
	}
	switch t := src.(type) {
	case string:
		return nil
	case []any:
		for j, line := range t {
			if _, ok := line.(string); !ok {
				return fmt.Errorf("source line %d is %s, want a string", j+1, jsonKind(line))
			}
		}
		return nil
	}
	return fmt.Errorf("source is %s, want a string or a list of strings", jsonKind(src))
}

// jsonKind names the JSON type of a decoded value, for errors.
func jsonKind(v any) string {
	switch t := v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case float64:
		return fmt.Sprintf("a number (%v)", t)
	case string:
		return "a string"
	case []any:
		return "a list"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("%T", v)
}

// Metadata returns the notebook's metadata object, creating it if absent.
func (nb *Notebook) Metadata() map[string]any {
	md, ok := nb.doc["metadata"].(map[string]any)
	if !ok {
		md = map[string]any{}
		nb.doc["metadata"] = md
	}
	return md
}

// Language returns the language the notebook says its cells are in (its kernelspec's
// language, else its language_info's name) and its kernelspec's name; "" where it says
// nothing, as a notebook written by hand may.
func (nb *Notebook) Language() (language, kernel string) {
	md, _ := nb.doc["metadata"].(map[string]any)
	ks, _ := md["kernelspec"].(map[string]any)
	kernel, _ = ks["name"].(string)
	language, _ = ks["language"].(string)
	if language == "" {
		li, _ := md["language_info"].(map[string]any)
		language, _ = li["name"].(string)
	}
	return language, kernel
}

// Encode returns the notebook as JSON, indented as Jupyter writes it.
func (nb *Notebook) Encode() ([]byte, error) {
	cells := make([]any, len(nb.Cells))
	for i, c := range nb.Cells {
		cells[i] = c.raw
	}
	nb.doc["cells"] = cells
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	if err := enc.Encode(nb.doc); err != nil {
		return nil, fmt.Errorf("encoding notebook: %w", err)
	}
	return buf.Bytes(), nil
}

// Write writes the notebook to path, whole or not at all (package atomicfile): a full
// disk or a kill midway leaves the file that was there.
func (nb *Notebook) Write(path string) error {
	data, err := nb.Encode()
	if err != nil {
		return err
	}
	if err := atomicfile.WriteFile(path, data, 0o644); err != nil {
		return fmt.Errorf("writing notebook: %w", err)
	}
	return nil
}

// JoinText reads nbformat's multiline strings (a source, a stream's text, a text/plain):
// a string or a list of strings. Anything else is "".
func JoinText(v any) string {
	switch t := v.(type) {
	case string:
		return t
	case []any:
		var b strings.Builder
		for _, s := range t {
			if str, ok := s.(string); ok {
				b.WriteString(str)
			}
		}
		return b.String()
	}
	return ""
}

// splitLines turns text into nbformat's list of lines, each keeping its newline.
func splitLines(s string) []any {
	if s == "" {
		return []any{}
	}
	parts := strings.SplitAfter(s, "\n")
	if parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	out := make([]any, len(parts))
	for i, p := range parts {
		out[i] = p
	}
	return out
}
