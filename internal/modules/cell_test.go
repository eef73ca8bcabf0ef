package modules

import (
	"slices"
	"strings"
	"testing"
)

func TestCellRequests(t *testing.T) {
	for _, tc := range []struct {
		name, src     string
		imports, pins []string
		err           string
	}{
		{name: "std only", src: "import \"fmt\"\nfmt.Println(1)"},
		{
			name:    "grouped, named, with statements after",
			src:     "import (\n\t\"fmt\"\n\thumanize \"github.com/dustin/go-humanize\"\n\t\"gonum.org/v1/gonum/mat\"\n\t\"github.com/peerbook/peerbook/gpu\"\n\t\"peerbook/display\"\n)\n\nx := mat.NewDense(1, 1, nil)\nfmt.Println(x, humanize.Bytes(1))",
			imports: []string{"github.com/dustin/go-humanize", "gonum.org/v1/gonum/mat"},
		},
		{
			name:    "magic pins and comment pins",
			src:     "%go get gonum.org/v1/gonum@v0.16.0 github.com/dustin/go-humanize@latest\n//peerbook:go get example.com/m@v1.2.3\n!ls\nimport \"example.com/m/pkg\"",
			imports: []string{"example.com/m/pkg"},
			pins:    []string{"gonum.org/v1/gonum@v0.16.0", "github.com/dustin/go-humanize@latest", "example.com/m@v1.2.3"},
		},
		{name: "cuda cell", src: "\n%%cuda\n#include \"x.example/y\"\n"},
		{name: "timed cell", src: "%%time\nimport \"a.example/b\"\nb.F()", imports: []string{"a.example/b"}},
		{name: "syntax error asks nothing", src: "import \"a.example/b\nfunc"},
		{name: "pin without version", src: "%go get gonum.org/v1/gonum", err: "want MODULE@VERSION"},
		{name: "pin of the standard library", src: "%go get fmt@latest", err: "not a third-party module"},
		{name: "go get flag", src: "%go get -u@x", err: "flags of go get"},
		{name: "empty go get", src: "%go get", err: "needs MODULE@VERSION"},
		{name: "a longer magic is not go get", src: "%go getx a.example/b@v1"},
		{name: "a path out of the module cache", src: "%go get ../../etc@v1.0.0", err: "not a valid module path"},
		{name: "a path with dot-dot inside", src: "%go get example.com/a/../../etc@v1.0.0", err: "not a valid module path"},
		{name: "a version that is a flag", src: "%go get example.com/a@-x", err: "not a version"},
		{name: "a version with a space", src: "//peerbook:go get example.com/a@v1\x00", err: "not a version"},
		{name: "undoing a pin", src: "%go get example.com/a@none", pins: []string{"example.com/a@none"}},
		{name: "an import out of the module cache", src: "import \"../../etc/x.y\"", err: "not a valid import path"},
		{name: "an import with an empty element", src: "import \"example.com//x\"", err: "not a valid import path"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := CellRequests(tc.src)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want one saying %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(r.Imports, tc.imports) || !slices.Equal(r.Pins, tc.pins) {
				t.Errorf("got imports %q pins %q, want %q %q", r.Imports, r.Pins, tc.imports, tc.pins)
			}
		})
	}
}
