package eval

import (
	"strings"
	"testing"
)

func TestH3Tmp(t *testing.T) {
	for _, cells := range [][]string{
		{"x := 5\nx := \"s\"\nfmt.Println(x)"},
		{"import \"fmt\"\nx := 5\nfmt.Println(x)\nx := 6\nfmt.Println(x)"},
		{"import \"fmt\"\nfunc main() {\n\tx := 5\n\tx := 6\n\tfmt.Println(x)\n}"},
		{"import \"fmt\"\nfunc f() {\n\ty := 5\n}\nfmt.Println(1)"},
		{"import \"fmt\"\na, b := 1, 2\na, b := 3, 4\nfmt.Println(a, b)"},
		{"import \"fmt\"\nx := 1\nvar x = 2\nfmt.Println(x)"},
		{"import \"fmt\"\nfunc g() int { return 1 }\nfunc g() int { return 2 }\nfmt.Println(g())"},
		{"import \"fmt\"\ntype T int\ntype T string\nfmt.Println(T(\"a\"))"},
		{"import \"fmt\"\nx := 1\nx = \"s\"\nfmt.Println(x)"},
		{"import \"os\"\nx := 1"},
		{"import \"fmt\"\nconst c = 1\nc := 2\nfmt.Println(c)"},
		{"import \"fmt\"\nx := 1", "x := 2\nfmt.Println(x)"},
		{"import \"fmt\"\nfor i := 0; i < 2; i++ {\n\tj := i\n}\nfmt.Println(1)"},
		{"import \"fmt\"\nif true {\n\tz := 1\n}\nfmt.Println(1)"},
	} {
		out, failed := runSessionCells(t, cells)
		t.Logf("%q\n  -> out=%q err=%q", strings.Join(cells, " || "), out, failed)
	}
}
