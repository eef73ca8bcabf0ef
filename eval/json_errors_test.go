package eval

import (
	"strings"
	"testing"
)

// An encoding/json error naming a type declared in a cell has Go's text, but is not of
// json's error type (its reflect.Type cannot name a cell type): matching it to json's
// type, where Go's would match, panics with the reason instead of taking another branch.
func TestJSONErrorNamingCellType(t *testing.T) {
	const decl = "import (\n\t\"encoding/json\"\n\t\"errors\"\n\t\"fmt\"\n)\ntype Config struct{ Port int }\n" +
		"var c Config\nbad := json.Unmarshal([]byte(`[1]`), &c)\nfield := json.Unmarshal([]byte(`{\"Port\":\"x\"}`), &c)\n"
	cases := []struct{ name, code, out, panics string }{
		{"text", "fmt.Println(bad)", "json: cannot unmarshal array into Go value of type main.Config\n", ""},
		{"field of a compiled type", "te, ok := field.(*json.UnmarshalTypeError)\nfmt.Println(ok, te.Field, te.Type)", "true Port int\n", ""},
		{"assertion", "_, ok := bad.(*json.UnmarshalTypeError)\nfmt.Println(ok)", "",
			"a type assertion of a json error naming a type declared in a cell to a *json.UnmarshalTypeError is not supported in cells"},
		{"switch", "switch bad.(type) {\ncase *json.SyntaxError:\ncase *json.UnmarshalTypeError:\n}", "",
			"a type assertion of a json error naming a type declared in a cell to a *json.UnmarshalTypeError is not supported in cells"},
		{"errors.As", "var te *json.UnmarshalTypeError\nfmt.Println(errors.As(bad, &te))", "",
			"errors.As of a json error naming a type declared in a cell into a *json.UnmarshalTypeError is not supported in cells"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newSession(t)
			if _, e, _ := run(t, s, decl); e != nil {
				t.Fatalf("declarations: %s: %s", e.Name, e.Value)
			}
			_, e, rec := run(t, s, c.code)
			if c.panics == "" {
				if e != nil {
					t.Fatalf("%s: %s", e.Name, e.Value)
				}
				if got := rec.stream("stdout"); got != c.out {
					t.Fatalf("stdout %q, want %q", got, c.out)
				}
				return
			}
			if e == nil || !strings.Contains(e.Value+strings.Join(e.Traceback, "\n"), "peerbook: "+c.panics) {
				t.Fatalf("got %v; want a panic with %q", e, c.panics)
			}
			// The session goes on.
			mustExec(t, s, "c.Port = 2")
		})
	}
}
