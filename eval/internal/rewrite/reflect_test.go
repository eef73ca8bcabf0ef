package rewrite_test

import (
	"bytes"
	"go/parser"
	"go/printer"
	"strings"
	"testing"
)

// rewritten rewrites a file of package main in the session and returns its source.
func (s *session) rewritten(src string) string {
	s.t.Helper()
	f, err := parser.ParseFile(s.i.FileSet(), "cell.go", "package main\n"+src, 0)
	if err != nil {
		s.t.Fatalf("parse: %v", err)
	}
	if err := s.rw.File(s.i.FileSet(), f); err != nil {
		s.t.Fatalf("rewrite: %v", err)
	}
	var b bytes.Buffer
	if err := printer.Fprint(&b, s.i.FileSet(), f); err != nil {
		s.t.Fatal(err)
	}
	return b.String()
}

// A session registers its types for reflect only once a cell uses package reflect: the
// first such cell registers the types of the earlier ones, later cells their own.
func TestReflectRegistrationOnlyWithReflect(t *testing.T) {
	s := newSession(t)
	if src := s.rewritten("type A struct{ x int }\nfunc (a A) Get() int { return a.x }"); strings.Contains(src, "_pb_reflect_register") {
		t.Fatalf("a cell without reflect registers its types for reflect:\n%s", src)
	}
	src := s.rewritten("import \"reflect\"\ntype B struct{ y string }\nvar n = reflect.TypeOf(B{}).NumField()")
	for _, want := range []string{`"main.A", *new(A), []string{"x"}`, `"main.B", *new(B), []string{"y"}`, `[]string{"Get"}`} {
		if !strings.Contains(src, want) {
			t.Errorf("the first cell using reflect lacks %s:\n%s", want, src)
		}
	}
	if strings.Contains(src, "_pb_reflect_Type_NumField") {
		t.Errorf("NumField, which reflect answers right for cell types, was rewritten:\n%s", src)
	}
	if src := s.rewritten("type C struct{ z bool }"); !strings.Contains(src, `"main.C", *new(C), []string{"z"}`) {
		t.Errorf("a later cell does not register its type:\n%s", src)
	}
}
