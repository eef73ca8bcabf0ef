package eval

import (
	"strings"
	"testing"
)

// os.Exit in a method that printing calls (String, Error, Format), or that compiled code
// calls (errors.Join's Error), ends the cell as it ends a Go program: nothing more is
// printed. fmt recovered the exit (a panic in peerbook) as a
// panic of the method, printed "%!v(PANIC=String method: {3})" and the cell went on to
// print "after" and succeed: a silent wrong answer.
func TestExitInAMethodThatFmtCallsEndsTheCell(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, `import (
	"errors"
	"fmt"
	"os"
)

var code = 3

type T int

func (T) String() string {
	os.Exit(code)
	return "x"
}

type E struct{}

func (E) Error() string {
	os.Exit(code)
	return "e"
}`)
	for _, print := range []string{
		"fmt.Println(T(1))",
		`fmt.Printf("%v|%d\n", T(1), 2)`,
		"s := fmt.Sprint(T(1))\nfmt.Println(s)",
		"fmt.Println([]T{1, 2})",
		"fmt.Println(error(E{}))",
		`fmt.Println(fmt.Errorf("wrapped: %w", E{}))`,
		"var err error = E{}\nmsg := err.Error()\nfmt.Println(msg)",
		"j := errors.Join(E{}, E{})\nn := len(j.Error())\nfmt.Println(n)",
	} {
		for _, code := range []string{"3", "0"} {
			mustExec(t, s, "code = "+code)
			_, e, rec := run(t, s, "fmt.Println(\"before\")\n"+print+"\nfmt.Println(\"after\")")
			if got := rec.stream("stdout"); got != "before\n" {
				t.Errorf("%q with os.Exit(%s): printed %q, want %q", print, code, got, "before\n")
			}
			switch {
			case code == "0" && e != nil:
				t.Errorf("%q with os.Exit(0): error %+v, want none", print, e)
			case code == "3" && (e == nil || e.Name != NameExit || !strings.Contains(e.Value, "exit status 3")):
				t.Errorf("%q with os.Exit(3): error %+v, want exit status 3", print, e)
			}
		}
	}
}
