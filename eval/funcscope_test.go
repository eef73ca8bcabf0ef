package eval

import (
	"context"
	"strings"
	"testing"
)

// Multi-value definitions inside blocks of top-level statements (a yaegi bug works around
// them by running the statement in a function literal): the values must be right, session
// variables must be updated, and errors must still point at the cell's lines.
func TestNestedMultiValueDefinitions(t *testing.T) {
	s, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	cells := []struct{ code, want string }{
		{"func pair() ([]int, error) { return []int{1, 2}, nil }\nsum := 0", ""},
		{"for r := 0; r < 3; r++ {\n\tgot, err := pair()\n\tif err != nil {\n\t\tpanic(err)\n\t}\n\tfor _, v := range got {\n\t\tsum += v\n\t}\n}\nsum", "9"},
		{"m := map[string]int{\"a\": 5}\nif v, ok := m[\"a\"]; ok {\n\tw, found := m[\"a\"]\n\tsum += v + w\n\t_ = found\n}\nsum", "19"},
		{"var x any = 3\nswitch {\ncase true:\n\tn, ok := x.(int)\n\tif ok {\n\t\tsum += n\n\t}\n}\nsum", "22"},
		{"for i := range 2 {\n\tvar a, b = pair()\n\t_ = b\n\tsum += a[i]\n}\nsum", "25"},
	}
	for _, c := range cells {
		res, err := s.Execute(context.Background(), ExecuteRequest{Code: c.code}, &recorder{})
		if err != nil {
			t.Fatalf("%q: %v", c.code, err)
		}
		got := ""
		if res.Value != nil {
			got, _ = res.Value.Data["text/plain"].(string)
		}
		if got != c.want {
			t.Errorf("%q = %q, want %q", c.code, got, c.want)
		}
	}
	_, err = s.Execute(context.Background(), ExecuteRequest{Code: "for i := 0; i < 1; i++ {\n\tv, ok := 1, true\n\t_ = ok\n\tw, e := pair()\n\t_, _ = w, e\n\tundefinedThing(v)\n}"}, &recorder{})
	if err == nil || !strings.Contains(err.Error(), "6:") {
		t.Errorf("error should point at line 6 of the cell: %v", err)
	}
}

// A variable defined from a compiled function's result, used by the next statement of the
// same cell (yaegi alone says "constant definition loop").
func TestDefinitionsFromCompiledCallsInOneCell(t *testing.T) {
	s, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	res, err := s.Execute(context.Background(), ExecuteRequest{Code: "import \"strings\"\nparts := strings.Fields(\"a b c\")\nlast := parts[len(parts)-1]\nlast + parts[0]"}, &recorder{})
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Value.Data["text/plain"]; got != `"ca"` && got != "ca" {
		t.Errorf("got %v", got)
	}
}
