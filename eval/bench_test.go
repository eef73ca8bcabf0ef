package eval

import (
	"context"
	"fmt"
	"testing"
)

// benchCell runs code b.N times in one session (Output discarded).
func benchCell(b *testing.B, setup string, code func(i int) string) {
	s := newSession(b)
	if setup != "" {
		mustExec(b, s, setup)
	}
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := s.Execute(ctx, ExecuteRequest{Code: code(i)}, discardOutput{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkTrivialCell(b *testing.B) {
	benchCell(b, "", func(int) string { return "1 + 1" })
}

func BenchmarkCellDefiningAFunction(b *testing.B) {
	benchCell(b, "", func(i int) string {
		return fmt.Sprintf("func square%d(x int) int { return x * x }", i)
	})
}

func BenchmarkCellRedefiningAFunctionWithCallers(b *testing.B) {
	setup := "func f(x int) int { return x }\nfunc g(x int) int { return f(x) + 1 }\nfunc h(x int) int { return g(x) * 2 }"
	benchCell(b, setup, func(i int) string {
		return fmt.Sprintf("func f(x int) int { return x + %d }", i)
	})
}

func BenchmarkCellWithStatementsAndValue(b *testing.B) {
	benchCell(b, "import \"strings\"", func(i int) string {
		return fmt.Sprintf("s := strings.Repeat(\"ab\", %d)\nlen(s)", i%10)
	})
}

// BenchmarkNewSession is the evaluator's start: a session with the standard library's
// symbol tables, the rewriter's prelude and the project's packages, then one cell that
// imports a package (the first import of a session pays for converting its symbols).
func BenchmarkNewSession(b *testing.B) {
	ctx := context.Background()
	for i := 0; i < b.N; i++ {
		s, err := New(Options{})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := s.Execute(ctx, ExecuteRequest{Code: "import \"strings\"\nstrings.ToUpper(\"a\")"}, discardOutput{}); err != nil {
			b.Fatal(err)
		}
		s.Close()
	}
}

// The calls of a function literal's closure beside the same calls of a declared function:
// yaegi patch 172 runs a closure called from interpreted code directly, not through
// reflect's call of its function value.
func BenchmarkCellCalling10000TimesAFunctionLiteral(b *testing.B) {
	benchCell(b, "var inc func(int) int\ninc = func(n int) int { return n + 1 }", func(int) string {
		return "n := 0\nfor range 10000 {\n\tn = inc(n)\n}"
	})
}

func BenchmarkCellCalling10000TimesADeclaredFunction(b *testing.B) {
	benchCell(b, "func inc(n int) int { return n + 1 }", func(int) string {
		return "n := 0\nfor range 10000 {\n\tn = inc(n)\n}"
	})
}
