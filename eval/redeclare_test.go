package eval

import (
	"strings"
	"testing"
)

// A top-level := that defines no new variable in the cell is Go's compile error (the
// cell's statements are one block, main's in go run), and changes nothing; one that
// defines a name of an earlier cell again is the notebook's redefinition.
func TestShortRedeclarationInOneCell(t *testing.T) {
	s := newSession(t)
	if _, e, _ := run(t, s, "x := 1"); e != nil {
		t.Fatal(e.Value)
	}
	for _, code := range []string{
		"x := 5\nx := \"s\"",
		"a, b := 1, 2\na, b := 3, 4",
		"y := 1\ny, _ := 2, 3",
		"x := 2\nz := 3\nz, x := 4, 5",
	} {
		_, e, _ := run(t, s, code)
		if e == nil || !strings.Contains(e.Value, "no new variables on left side of :=") {
			t.Errorf("%q: error %+v, want no new variables on left side of :=", code, e)
		}
	}
	res, e, _ := run(t, s, "x")
	if e != nil || valueText(res) != "1" {
		t.Errorf("x after the refused cells: %v %+v, want 1", valueText(res), e)
	}
	for code, want := range map[string]string{
		"x := \"s\"\nx":                         "s",
		"p, q := 1, 2\np, r := 3, 4\np + q + r": "9",
	} {
		res, e, _ := run(t, s, code)
		if e != nil || valueText(res) != want {
			t.Errorf("%q = %v %+v, want %s", code, valueText(res), e, want)
		}
	}
}
