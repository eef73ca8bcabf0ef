package eval_test

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/peerbook/peerbook/display"
	"github.com/peerbook/peerbook/eval"
	"github.com/peerbook/peerbook/eval/internal/rewrite/corpus"
)

// The semantics corpus (eval/testdata/corpus): every snippet is a complete Go program
// whose expected output was captured from `go run` (regenerate with
// `go test ./eval/internal/rewrite -run CorpusOnYaegi -update`). Here each snippet runs as one
// notebook cell in a fresh session (the cell defines func main, which runs once, as with
// go run; the package clause is left out) and its standard output must equal the
// expected output byte for byte.

var (
	corpusOnly    = flag.String("corpus.snippet", "", "run only the corpus snippets whose name contains this")
	corpusDetails = flag.Bool("corpus.details", false, "print the difference for every failing snippet")
)

const corpusDir = "testdata/corpus"

// corpusChildEnv names the snippet a re-executed test binary runs: a snippet can kill
// its process (yaegi has fatal failure modes), so each runs in a child.
const corpusChildEnv = "PEERBOOK_EVAL_CORPUS_SNIPPET"

// TestCorpusChild is the child process of TestCorpusInSession.
func TestCorpusChild(t *testing.T) {
	path := os.Getenv(corpusChildEnv)
	if path == "" {
		t.Skip("the child process of TestCorpusInSession")
	}
	os.Exit(runCorpusChild(path))
}

// corpusOutput collects what a cell writes to stdout; stderr and display output are
// kept for the error report.
type corpusOutput struct {
	mu             sync.Mutex
	stdout, stderr bytes.Buffer
}

func (o *corpusOutput) Stream(name, text string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if name == "stdout" {
		o.stdout.WriteString(text)
	} else {
		o.stderr.WriteString(text)
	}
}

func (o *corpusOutput) Input(string, bool) (string, error) {
	return "", errors.New("no input in the corpus")
}

func (o *corpusOutput) Display(display.Bundle, string, bool) {}
func (o *corpusOutput) ClearOutput(bool)                     {}

// runCorpusChild runs one snippet in a session: stdout gets the snippet's output, stderr
// the cell's error, if any.
func runCorpusChild(path string) int {
	src, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	s, err := eval.New(eval.Options{})
	if err != nil {
		fmt.Fprintln(os.Stderr, "new session:", err)
		return 1
	}
	defer s.Close()
	out := &corpusOutput{}
	// The limit catches a snippet that hangs; it is no measure of speed: the slowest
	// snippet takes about 5 s alone and three times that on a machine running other
	// tests beside it.
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	_, err = s.Execute(ctx, eval.ExecuteRequest{Code: corpus.CellSource(string(src)), ExecutionCount: 1}, out)
	// Goroutines of the cell may still be writing: the snippets wait for theirs.
	out.mu.Lock()
	os.Stdout.Write(out.stdout.Bytes())
	stderr := out.stderr.String()
	out.mu.Unlock()
	if err != nil {
		var e *eval.Error
		if errors.As(err, &e) {
			fmt.Fprintf(os.Stderr, "%s: %s\n%s", e.Name, e.Value, eval.StripANSI(strings.Join(e.Traceback, "\n")))
		} else {
			fmt.Fprintln(os.Stderr, err)
		}
		return 1
	}
	if stderr != "" {
		fmt.Fprint(os.Stderr, stderr)
	}
	return 0
}

func TestCorpusInSession(t *testing.T) {
	if testing.Short() {
		t.Skip("the semantics corpus runs a session per snippet (skipped with -short)")
	}
	corpus.Check(t, corpus.CheckOptions{Dir: corpusDir, Runner: "session", Label: "session",
		Only: *corpusOnly, Verbose: *corpusDetails, Run: runCorpusSnippet})
}

func runCorpusSnippet(s corpus.Snippet) corpus.Outcome {
	return corpus.RunChild(s, corpusChildEnv, 8, "-test.run=^TestCorpusChild$")
}
