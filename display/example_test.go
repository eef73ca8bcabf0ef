package display_test

import (
	"errors"
	"fmt"
	"sort"

	"github.com/peerbook/peerbook/display"
)

// mimeTypes lists the MIME types of a bundle, sorted.
func mimeTypes(b display.Bundle) []string {
	var types []string
	for t := range b.Data {
		types = append(types, t)
	}
	sort.Strings(types)
	return types
}

// Render turns any value into a MIME bundle, which always has a text/plain form.
func ExampleRender() {
	b := display.Render([]int{1, 2, 3})
	fmt.Println(b.Data[display.MIMEText])
	e := display.Render(errors.New("no GPU"))
	fmt.Println(mimeTypes(e), e.Data[display.MIMEText])
	// Output:
	// [1 2 3]
	// [text/html text/plain] no GPU
}

// celsius renders itself: a value with a MIMEBundle method is shown with that bundle.
type celsius float64

func (c celsius) MIMEBundle() display.Bundle {
	return display.Markdown(fmt.Sprintf("**%.1f °C**", float64(c)))
}

// A type renders itself by implementing display.Renderer.
func ExampleRenderer() {
	b := display.Render(celsius(21.5))
	fmt.Println(mimeTypes(b))
	fmt.Println(b.Data[display.MIMEMarkdown])
	// Output:
	// [text/markdown text/plain]
	// **21.5 °C**
}

// HTML keeps a text/plain form for terminals: the fragment's text without tags.
func ExampleHTML() {
	b := display.HTML("<b>4</b> GPUs")
	fmt.Println(b.Data[display.MIMEText])
	// Output: 4 GPUs
}
