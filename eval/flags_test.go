package eval

import (
	"flag"
	"testing"
)

// flag's package-level functions in cells parse the session's arguments (os.Args in
// cells), not the evaluator's command line; a flag defined again (a cell run again)
// replaces the old one.
func TestFlagsParseTheSessionsArguments(t *testing.T) {
	s, err := New(Options{Args: []string{"prog", "-n", "7", "-v", "rest", "more"}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	mustExec(t, s, `import (
	"flag"
	"fmt"
)
var n = flag.Int("n", 1, "count")
var v = flag.Bool("v", false, "verbose")`)
	_, rec := mustExec(t, s, `flag.Parse()
fmt.Println(*n, *v, flag.NArg(), flag.Args(), flag.NFlag(), flag.CommandLine.Name())`)
	if got, want := rec.stream("stdout"), "7 true 2 [rest more] 2 prog\n"; got != want {
		t.Errorf("stdout = %q, want %q", got, want)
	}
	// The cell run again: no "flag redefined" panic; the new flag is unparsed until Parse.
	_, rec = mustExec(t, s, `var n = flag.Int("n", 2, "count again")
flag.Parse()
fmt.Println(*n, flag.Lookup("n").Usage, flag.NArg())`)
	if got, want := rec.stream("stdout"), "7 count again 2\n"; got != want {
		t.Errorf("after redefining: stdout = %q, want %q", got, want)
	}
	// The evaluator's own command line is untouched.
	if flag.CommandLine.Lookup("n") != nil {
		t.Error("the cell defined a flag on the process's flag.CommandLine")
	}
}

// A session without arguments parses none, as `go run main.go` with no arguments.
func TestFlagsWithoutArguments(t *testing.T) {
	s := newSession(t)
	_, rec := mustExec(t, s, `import (
	"flag"
	"fmt"
)
name := flag.String("name", "world", "who")
flag.Parse()
fmt.Println(*name, flag.NArg(), flag.Args())`)
	if got, want := rec.stream("stdout"), "world 0 []\n"; got != want {
		t.Errorf("stdout = %q, want %q", got, want)
	}
}
