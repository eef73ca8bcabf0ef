package rewrite_test

import (
	"fmt"
	"go/parser"
	"strings"
	"testing"

	"github.com/peerbook/peerbook/eval/internal/rewrite"
	"github.com/peerbook/peerbook/eval/internal/stdlib"
	"github.com/peerbook/peerbook/eval/third_party/yaegi/interp"
)

// BenchmarkCellAfter200Definitions measures rewriting one small cell in a session whose
// earlier cells declared 200 functions, types and variables (each cell is type-checked
// against all of them).
func BenchmarkCellAfter200Definitions(b *testing.B) {
	i := interp.New(interp.Options{})
	if err := i.Use(stdlib.Symbols); err != nil {
		b.Fatal(err)
	}
	rw := rewrite.New()
	if err := rw.Prepare(i); err != nil {
		b.Fatal(err)
	}
	var src strings.Builder
	src.WriteString("package main\nimport \"fmt\"\n")
	for n := 0; n < 70; n++ {
		fmt.Fprintf(&src, "type T%d struct{ A, b int }\nfunc (t T%d) String() string { return fmt.Sprint(t.A) }\n", n, n)
		fmt.Fprintf(&src, "func F%d(x int) int { return x + %d }\nvar V%d = F%d(1)\n", n, n, n, n)
	}
	f, err := parser.ParseFile(i.FileSet(), "defs.go", src.String(), 0)
	if err != nil {
		b.Fatal(err)
	}
	if err := rw.File(i.FileSet(), f); err != nil {
		b.Fatal(err)
	}
	cell := "package main\nfunc main() {\n\tfor i := range 3 { fmt.Println(T5{A: i}, F7(i), min(V3, i)) }\n}"
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		f, err := parser.ParseFile(i.FileSet(), "cell.go", cell, 0)
		if err != nil {
			b.Fatal(err)
		}
		if err := rw.File(i.FileSet(), f); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCellFresh measures rewriting the same cell in a fresh session.
func BenchmarkCellFresh(b *testing.B) {
	i := interp.New(interp.Options{})
	if err := i.Use(stdlib.Symbols); err != nil {
		b.Fatal(err)
	}
	rw := rewrite.New()
	if err := rw.Prepare(i); err != nil {
		b.Fatal(err)
	}
	cell := "package main\nimport \"fmt\"\nfunc main() {\n\tfor i := range 3 { fmt.Println(i, min(i, 2)) }\n}"
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		f, err := parser.ParseFile(i.FileSet(), "cell.go", cell, 0)
		if err != nil {
			b.Fatal(err)
		}
		if err := rw.File(i.FileSet(), f); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPrepare measures installing the prelude in a fresh interpreter.
func BenchmarkPrepare(b *testing.B) {
	for n := 0; n < b.N; n++ {
		i := interp.New(interp.Options{})
		if err := i.Use(stdlib.Symbols); err != nil {
			b.Fatal(err)
		}
		if err := rewrite.New().Prepare(i); err != nil {
			b.Fatal(err)
		}
	}
}
