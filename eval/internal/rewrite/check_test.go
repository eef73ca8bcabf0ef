package rewrite_test

import (
	"go/parser"
	"go/types"
	"testing"
)

// A package the session imports itself (not through a cell) is known to the rewriter once
// it is told (Import), without a check.
func TestImportWithoutACheck(t *testing.T) {
	s := newSession(t)
	fset := s.i.FileSet()
	f, err := parser.ParseFile(fset, "cell.go", "package main\nvar x = f.Sprint(1)", 0)
	if err != nil {
		t.Fatal(err)
	}
	hard := func(errs []error) (out []error) {
		for _, e := range errs {
			if te, ok := e.(types.Error); !ok || !te.Soft {
				out = append(out, e)
			}
		}
		return out
	}
	if errs := hard(s.rw.Check(fset, f, nil).Errors); len(errs) == 0 {
		t.Fatal("f.Sprint checked before f was imported")
	}
	s.rw.Import("f", "fmt")
	if errs := hard(s.rw.Check(fset, f, nil).Errors); len(errs) > 0 {
		t.Errorf("f.Sprint after Import(\"f\", \"fmt\"): %v", errs)
	}
}
