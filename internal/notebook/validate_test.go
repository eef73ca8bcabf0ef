package notebook

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/peerbook/peerbook/display"
	"github.com/peerbook/peerbook/eval"
	"github.com/peerbook/peerbook/internal/evalproto"
)

// A cell whose source is neither a string nor a list of strings is refused when the
// notebook is read, naming the cell, instead of running as an empty cell.
func TestDecodeRefusesABadSource(t *testing.T) {
	for _, tc := range []struct{ cell, want string }{
		{`{"cell_type": "code", "metadata": {}, "outputs": [], "source": 42}`, "cell 2: source is a number (42), want a string or a list of strings"},
		{`{"cell_type": "code", "metadata": {}, "outputs": [], "source": {"a": 1}}`, "cell 2: source is an object"},
		{`{"cell_type": "code", "metadata": {}, "outputs": [], "source": ["x := 1\n", 7]}`, "cell 2: source line 2 is a number (7), want a string"},
		{`{"cell_type": "code", "metadata": {}, "outputs": []}`, "cell 2: code cell without a source"},
		{`{"cell_type": 3, "metadata": {}, "source": ""}`, "cell 2: cell_type is a number (3)"},
		{`{"cell_type": "markdown", "metadata": {}, "source": null}`, "cell 2: source is null"},
	} {
		doc := `{"cells": [{"cell_type": "markdown", "metadata": {}, "source": "# t"}, ` + tc.cell + `], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}`
		_, err := Decode([]byte(doc))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s:\n  got  %v\n  want %q", tc.cell, err, tc.want)
		}
	}
	good := `{"cells": [{"cell_type": "code", "metadata": {}, "outputs": [], "source": ["a\n", "b"]}, {"cell_type": "raw", "metadata": {}}], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}`
	if _, err := Decode([]byte(good)); err != nil {
		t.Errorf("a valid notebook: %v", err)
	}
}

// What a frontend would show in its pager (%help, name?) is the cell's output in a run: a
// notebook has no pager.
func TestRunShowsPagerTextAsOutput(t *testing.T) {
	s, err := eval.New(eval.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	doc := `{"cells": [
	  {"cell_type": "code", "metadata": {}, "outputs": [], "source": "%help"},
	  {"cell_type": "code", "metadata": {}, "outputs": [], "source": "import \"strings\""},
	  {"cell_type": "code", "metadata": {}, "outputs": [], "source": "strings.Fields?"}
	], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}`
	nb, err := Decode([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if err := Run(context.Background(), nb, sessionExecutor{s}, RunOptions{}); err != nil {
		t.Fatal(err)
	}
	for i, want := range map[int]string{0: "%%cuda", 2: "func Fields(s string) []string"} {
		outs := nb.Cells[i].Outputs()
		if len(outs) != 1 || outs[0]["output_type"] != "display_data" {
			t.Errorf("cell %d: want one display_data output, got %v", i+1, outs)
			continue
		}
		data, _ := outs[0]["data"].(map[string]any)
		if text, _ := data["text/plain"].(string); !strings.Contains(text, want) {
			t.Errorf("cell %d: the pager text lacks %q:\n%s", i+1, want, text)
		}
	}
}

// A cell that defines func main runs it once, after its declarations and before its
// statements, as %help says; later cells don't run it again; a new main runs when defined.
func TestFuncMainRunsOnceAsHelpSays(t *testing.T) {
	s, err := eval.New(eval.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	cells := []string{
		"%help",
		"import \"fmt\"\nfunc main() { fmt.Println(\"main runs\") }\nfmt.Println(\"statement\")",
		"x := 1\nfmt.Println(x)",
		"func main() { fmt.Println(\"new main\") }",
	}
	doc := `{"cells": [`
	for i, c := range cells {
		if i > 0 {
			doc += ","
		}
		doc += `{"cell_type": "code", "metadata": {}, "outputs": [], "source": ` + strconv.Quote(c) + `}`
	}
	nb, err := Decode([]byte(doc + `], "metadata": {}, "nbformat": 4}`))
	if err != nil {
		t.Fatal(err)
	}
	if err := Run(context.Background(), nb, sessionExecutor{s}, RunOptions{}); err != nil {
		t.Fatal(err)
	}
	text := func(i int) string {
		var b strings.Builder
		for _, o := range nb.Cells[i].Outputs() {
			if s, ok := o["text"].(string); ok {
				b.WriteString(s)
			}
			if d, ok := o["data"].(map[string]any); ok {
				s, _ := d["text/plain"].(string)
				b.WriteString(s)
			}
		}
		return b.String()
	}
	if help := strings.Join(strings.Fields(text(0)), " "); !strings.Contains(help, "A cell that defines func main runs it once, as go run would") {
		t.Errorf("%%help doesn't say how func main behaves:\n%s", help)
	}
	for i, want := range []string{"", "main runs\nstatement\n", "1\n", "new main\n"} {
		if i > 0 && text(i) != want {
			t.Errorf("cell %d: %q, want %q", i+1, text(i), want)
		}
	}
}

// Code in the HTML page shows tabs 4 wide (Go is indented with tabs; browsers draw 8).
func TestHTMLTabsAreFourWide(t *testing.T) {
	nb, err := Decode([]byte(`{"cells": [{"cell_type": "code", "metadata": {}, "outputs": [], "source": "func f() {\n\treturn\n}"}], "metadata": {}, "nbformat": 4}`))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := nb.WriteHTML(&b, "t"); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	i := strings.Index(page, "\npre{")
	if i < 0 {
		t.Fatalf("no style rule for pre:\n%s", page)
	}
	rule, _, _ := strings.Cut(page[i+1:], "}")
	if !strings.Contains(rule, "tab-size:4") || !strings.Contains(page, "<pre class=\"src\">func f() {\n\treturn") {
		t.Errorf("the pre rule %q doesn't set tab-size:4, or the tab was lost", rule)
	}
}

// sessionExecutor runs cells in an eval.Session, in this process (the tests' Executor of
// the real session).
type sessionExecutor struct{ s *eval.Session }

func (x sessionExecutor) Execute(ctx context.Context, req evalproto.ExecuteRequest, out Output) (Result, error) {
	res, err := x.s.Execute(ctx, req, sessionOutput{out})
	r := Result{Payloads: res.Payloads}
	if res.Value != nil {
		r.Value = &Bundle{Data: res.Value.Data, Metadata: res.Value.Metadata}
	}
	return r, err
}

// sessionOutput is an Output as the session's eval.Output.
type sessionOutput struct{ out Output }

func (o sessionOutput) Stream(name, text string) { o.out.Stream(name, text) }
func (o sessionOutput) Display(b display.Bundle, id string, update bool) {
	o.out.Display(Bundle{Data: b.Data, Metadata: b.Metadata}, id, update)
}
func (o sessionOutput) ClearOutput(wait bool) { o.out.ClearOutput(wait) }
func (o sessionOutput) Input(prompt string, password bool) (string, error) {
	return o.out.Input(prompt, password)
}
