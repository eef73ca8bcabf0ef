package eval

import "testing"

// Library functions that print to the process's standard output themselves (go/ast.Print:
// Fprint(os.Stdout, ...)) print to the cell's, as fmt.Print does: before yaegi patch 215
// their text went to the evaluator's own stdout, and the cell printed nothing (the
// standard library's go/ast.ExamplePrint).
func TestASTPrintWritesToTheCell(t *testing.T) {
	checkCorpusProgram(t, "ast_print_stdout")
	checkCorpusProgramBare(t, "ast_print_stdout")
}
