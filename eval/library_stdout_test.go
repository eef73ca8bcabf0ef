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

// log/slog's default logger writes through the log package's logger, and slog.SetDefault
// sends the log package's output to the new handler, as in Go: before yaegi patch 219 the
// default handler wrote through the process's logger (to the process's stderr, with the
// flags and the output a cell can't set) while the cell's log functions used the
// interpreter's, so a cell's slog.Info after log.SetOutput printed nothing, and log.Print
// after slog.SetDefault never reached the handler (the standard library's
// log/slog.ExampleSetLogLoggerLevel_log and _slog).
func TestSlogDefaultWritesThroughTheCellsLog(t *testing.T) {
	checkCorpusProgram(t, "slog_default_through_log")
}
