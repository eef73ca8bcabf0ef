package eval

import "testing"

// A compiled function called with the result of an interpreted call whose type is a
// cell's type with methods, for an interface parameter (sort.Sort(newByLen(xs)),
// slog.New(newHandler())): the result was passed as the interpreter holds it, not in the
// wrapper that gives it its methods, and reflect panicked ("Call using *struct {...} as
// type sort.Interface"; the standard library's log/slog.ExampleHandler_levelHandler).
// Yaegi patch 218 passes a single result as any other argument.
func TestCompiledCallOfCellResult(t *testing.T) {
	checkCorpusProgram(t, "compiled_call_of_cell_result")
}
