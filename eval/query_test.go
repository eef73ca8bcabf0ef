package eval

import (
	"strings"
	"testing"
)

// pagerText returns the text of the cell's page payload ("" when it has none).
func pagerText(res Result) string {
	for _, p := range res.Payloads {
		if p["source"] != "page" {
			continue
		}
		if data, ok := p["data"].(map[string]any); ok {
			text, _ := data["text/plain"].(string)
			return text
		}
	}
	return ""
}

// TestQueryAfterCode: name?, ?name and name?? open the pager with package members too, also
// on the last line of a cell whose other lines run first (its imports).
func TestQueryAfterCode(t *testing.T) {
	s := newSession(t)
	cases := []struct{ code, want string }{
		{"import \"fmt\"\nfmt.Println?", "Println"},
		{"import \"strings\"\nx := 1\n?strings.ToUpper", "ToUpper"},
		{"fmt.Sprintf??", "Sprintf"},
		{"x?", "x"},
	}
	for _, c := range cases {
		res, e, _ := run(t, s, c.code)
		if e != nil {
			t.Errorf("%q: %s: %s", c.code, e.Name, e.Value)
			continue
		}
		if text := pagerText(res); !strings.Contains(text, c.want) {
			t.Errorf("%q: pager %q, want it to mention %q", c.code, text, c.want)
		}
	}
	// The code before the query ran: x is defined.
	if got, _ := mustExec(t, s, "x + 1"); got != "2" {
		t.Errorf("x + 1 = %q", got)
	}
	// A cell whose code fails shows its error, not the page.
	res, e, _ := run(t, s, "undefinedThing()\nfmt.Println?")
	if e == nil || len(res.Payloads) != 0 {
		t.Errorf("failing code with a query: error %v, payloads %v", e, res.Payloads)
	}
	// An unknown member says so and opens nothing.
	res, e, rec := run(t, s, "import \"fmt\"\nfmt.NoSuchThing?")
	if e != nil || pagerText(res) != "" || !strings.Contains(rec.stream("stdout"), "not found") {
		t.Errorf("unknown member: error %v, payloads %v, stdout %q", e, res.Payloads, rec.stream("stdout"))
	}
}

// TestIsCompleteInvalidVersusIncomplete: syntax errors no more input can fix are invalid;
// an open bracket, string or comment, or a trailing operator, is incomplete.
func TestIsCompleteInvalidVersusIncomplete(t *testing.T) {
	s := newSession(t)
	cases := []struct{ code, status string }{
		{"x := )", "invalid"},
		{"func f() }", "invalid"},
		{"}", "invalid"},
		{"x := [1)", "invalid"},
		{"x := 1 1", "invalid"},
		{"func f() {", "incomplete"},
		{"for i := 0; i < 3; i++ {", "incomplete"},
		{"s := []int{1,\n2,", "incomplete"},
		{"x := \"unterminated", "incomplete"},
		{"/* open comment", "incomplete"},
		{"x := 1 +", "incomplete"},
		{"if true {\n} else", "incomplete"},
		{"import \"fmt\"\nfmt.Println?", "complete"},
		{"x := 1", "complete"},
	}
	for _, c := range cases {
		if got, _ := s.IsComplete(c.code); got != c.status {
			t.Errorf("IsComplete(%q) = %s, want %s", c.code, got, c.status)
		}
	}
}

// TestDisplayHandleIsNoValue: display.Display returns a handle; as a cell's last line it
// shows what it displays, and no execute result.
func TestDisplayHandleIsNoValue(t *testing.T) {
	s := newSession(t)
	for _, code := range []string{
		"import \"github.com/peerbook/peerbook/display\"\ndisplay.Display(display.HTML(\"<b>bold</b>\"))",
		"import \"peerbook/display\"\ndisplay.Display(\"text\")",
		"h := display.Display(\"again\")\nh",
	} {
		res, e, rec := run(t, s, code)
		if e != nil {
			t.Fatalf("%q: %s: %s", code, e.Name, e.Value)
		}
		if res.Value != nil {
			t.Errorf("%q: value %v, want none", code, res.Value.Data)
		}
		if n := strings.Count(strings.Join(rec.merged(), "\n"), "display:"); n != 1 {
			t.Errorf("%q: %d displays, want 1: %v", code, n, rec.merged())
		}
	}
}
