package stdlib

import (
	"errors"
	"fmt"
	"io"
	"log"
	"os"
)

// The extractor exports these functions and types in place of the standard library's
// os.Exit, os.FindProcess, log.Fatal*, log.New and log.Logger, whose originals would end
// or signal the evaluator's process.

// osExit panics instead of ending the process.
func osExit(code int) { panic(fmt.Sprintf("os.Exit(%d)", code)) }

// osFindProcess refuses the evaluator's own process.
func osFindProcess(pid int) (*os.Process, error) {
	if pid == os.Getpid() {
		return nil, errors.New("os.FindProcess: the evaluator's own process is not available to cells")
	}
	return os.FindProcess(pid)
}

// logFatal, logFatalf and logFatalln panic (as log.Panic does) instead of exiting.
func logFatal(v ...any)            { log.Panic(v...) }
func logFatalf(f string, v ...any) { log.Panicf(f, v...) }
func logFatalln(v ...any)          { log.Panicln(v...) }

// logLogger is log.Logger with Fatal, Fatalf and Fatalln that panic instead of exiting;
// every other method (SetPrefix, SetFlags, Output...) is the embedded Logger's.
type logLogger struct{ *log.Logger }

// logNew returns a logLogger, as log.New would a Logger.
func logNew(out io.Writer, prefix string, flag int) *logLogger {
	return &logLogger{log.New(out, prefix, flag)}
}

// Fatal panics with the message after writing it.
func (l *logLogger) Fatal(v ...any) { l.Panic(v...) }

// Fatalf panics with the message after writing it.
func (l *logLogger) Fatalf(f string, v ...any) { l.Panicf(f, v...) }

// Fatalln panics with the message after writing it.
func (l *logLogger) Fatalln(v ...any) { l.Panicln(v...) }
