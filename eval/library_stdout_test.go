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

// log.Default() is the logger the package's functions use (log.Print, log.SetOutput,
// log.SetFlags), as in Go: before yaegi patch 216 it was the process's logger, which writes
// to the process's stderr with the flags the cell did not set, while the package's
// functions used the interpreter's. (In a cell only: a bare interpreter's os.Stdout, which
// the program gives log.SetOutput, is the process's, not the buffer yaegiStdout reads.)
func TestLogDefaultIsThePackageLogger(t *testing.T) {
	checkCorpusProgram(t, "log_default_is_std")
}
