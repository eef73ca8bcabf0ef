package eval

import (
	"strings"
	"testing"
)

// A cell that declares again a universe name which the rewriter's generated code, the
// prelude or the interpreter still read as Go's is refused before it runs, naming the
// name and the limit (rewrite/unsupported_predeclared.go); before, `var iota = 5` made
// iota+1 print 1 and `func nil() int` broke fmt's printing of every struct, with status
// ok.
func TestPredeclaredRedeclarationRefused(t *testing.T) {
	cases := []struct{ name, code, want string }{
		{"iota as a package variable", "import \"fmt\"\nvar iota = 5\nfmt.Println(iota + 1)", "declaring iota again (a predeclared identifier of Go's universe scope) is not supported in cells"},
		{"nil as a package function", "import \"fmt\"\nfunc nil() int { return 42 }\ntype P struct{ A int }\nfmt.Println(P{1})", "declaring nil again (a predeclared identifier of Go's universe scope) is not supported in cells"},
		{"nil as a local variable", "import \"fmt\"\nfunc f() int {\n\tnil := 5\n\treturn nil\n}\nfmt.Println(f())", "declaring nil again (a predeclared identifier of Go's universe scope) is not supported in cells"},
		{"iota as a local variable", "import \"fmt\"\nfunc f() int {\n\tiota := 3\n\treturn iota + 1\n}\nfmt.Println(f())", "declaring iota again (a predeclared identifier of Go's universe scope) is not supported in cells"},
		{"panic as a package function", "import \"fmt\"\nfunc panic(x int) { fmt.Println(\"mine\", x) }\npanic(3)", "declaring panic again (a predeclared identifier of Go's universe scope) is not supported in cells"},
		{"error as an interface", "import \"fmt\"\ntype error interface {\n\tError() string\n\tCode() int\n}\ntype E struct{}\nfunc (E) Error() string { return \"E\" }\nfunc (E) Code() int { return 7 }\nvar e error = E{}\nfmt.Println(e, e.Code())", "declaring error again (a predeclared identifier of Go's universe scope) is not supported in cells"},
		{"string as a package type", "type string = []byte\nvar s string = string(\"hi\")", "declaring string again (a predeclared identifier of Go's universe scope) is not supported in cells"},
		{"int as a struct type", "type int struct{ X, Y uint16 }\nvar v int", "declaring int again (a predeclared identifier of Go's universe scope) is not supported in cells"},
		{"any at package level", "type any struct{}\nvar v any", "declaring any again (a predeclared identifier of Go's universe scope) is not supported in cells"},
		{"slices while len is declared again", "import (\n\t\"fmt\"\n\t\"slices\"\n)\nfunc len(s []int) int { return 1 }\nfmt.Println(slices.Contains([]int{1, 2, 3}, 3))",
			"slices.Contains is not supported in cells while the session declares len again at package level"},
		{"a range-over-func loop's defer while recover is declared again", "import \"fmt\"\nfunc recover() any { return \"mine\" }\nfunc seq(yield func(int) bool) {\n\tfor i := 0; i < 3; i++ {\n\t\tif !yield(i) {\n\t\t\treturn\n\t\t}\n\t}\n}\nfunc f() {\n\tfor v := range seq {\n\t\tdefer fmt.Println(\"deferred\", v)\n\t}\n}\nf()",
			"defer in the body of a range-over-func loop is not supported in cells while the session declares recover again at package level"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newSession(t)
			expectRefusedBeforeRunning(t, s, c.code, c.want)
			// The refused cell declared nothing: Go's names mean Go's again.
			if _, rec := mustExec(t, s, "import \"fmt\"\nfmt.Println(1 == 1, iota0(), len(\"ab\"))\nfunc iota0() int { const c = iota; return c }"); rec.stream("stdout") != "true 0 2\n" {
				t.Errorf("after the refusal the next cell printed %q", rec.stream("stdout"))
			}
		})
	}
}

// Names that are not declarations in a scope (fields, methods, labels) and the
// redeclarations that run as Go runs them are not refused.
func TestPredeclaredRedeclarationNotOverBroad(t *testing.T) {
	s := newSession(t)
	_, rec := mustExec(t, s, `import "fmt"

type T struct{ string, nil int }

func (T) len() int   { return 3 }
func (T) true() bool { return 1 == 1 }

type int8 struct{ A uint16 }

func iota() int { return 7 }

func f() int {
	len := func(s string) int { return 100 }
	type float64 = int32
	var x float64 = 2
true:
	for {
		break true
	}
	return len("x") + int(x)
}

fmt.Println(T{string: 1, nil: 2}, T{}.len(), T{}.true(), int8{5}, iota(), f())`)
	if out := rec.stream("stdout"); out != "{1 2} 3 true {5} 7 102\n" {
		t.Errorf("got %q", out)
	}
}

// true and false declared again (as Go's test interface/convert.go does: func true(ok
// bool)) leave Go's constants to the code the rewriter writes: it names them _pb_true and
// _pb_false (println's line flag, assertion flags, range-over-func yields, constants);
// before, println("a", 1 == 1) failed with "cannot convert expression of type func()
// bool to type bool".
func TestPredeclaredTrueFalseRedeclared(t *testing.T) {
	s := newSession(t)
	_, rec := mustExec(t, s, "func true() bool { return 1 == 2 }\nprintln(\"a\", 1 == 1, 1 > 2)")
	if got := rec.stream("stderr"); got != "a true false\n" {
		t.Errorf("println after func true(): got %q, want %q (go run)", got, "a true false\n")
	}
	// In a later cell, and shadowed again in a function.
	_, rec = mustExec(t, s, `import "fmt"
var false = 7
func f() string {
	true := "local"
	var a any = 3
	n, ok := a.(int)
	return fmt.Sprint(true, n, ok, 1 == 1)
}
fmt.Println(f(), false+1, 2 < 1)`)
	if got, want := rec.stream("stdout"), "local3 true true 8 false\n"; got != want {
		t.Errorf("got %q, want %q (go run)", got, want)
	}
	checkCorpusProgram(t, "predeclared_true_false_redeclared")
}

// Universe functions and types declared again in the cell (at package level and in a
// function) run as with go run.
func TestPredeclaredRedeclarationCorpus(t *testing.T) {
	checkCorpusProgram(t, "predeclared_funcs_redeclared")
	checkCorpusProgram(t, "predeclared_types_redeclared")
}

// A universe name declared again at package level in an earlier cell is seen by the
// refusal of the prelude's generic packages in a later one; before, slices.Index answered
// -1 with status ok.
func TestPredeclaredEarlierCellShadowsPrelude(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, "func len(s []int) int { return 1 }")
	_, e, _ := run(t, s, "import (\n\t\"fmt\"\n\t\"slices\"\n)\nfmt.Println(slices.Index([]int{1, 2, 3}, 3))")
	want := "slices.Index is not supported in cells while the session declares len again at package level"
	if e == nil || !strings.Contains(strings.Join(e.Traceback, "\n"), want) {
		t.Fatalf("got %v; want a CompileError with %q", e, want)
	}
}
