package eval

import "testing"

// fmt.Print, Sprint, Fprint (and log.Print) put a space between two operands when neither
// is a string, a value of kind string named or not: values of a cell's string types
// (type Name string) are such strings. Before, the printer's wrapper made them no
// strings: "N:ann 1 2 l 3" for Go's "N:ann1 2l3", with status ok. Expected output from go
// run (Go 1.26.8).
func TestPrintSpacingOfCellStringTypes(t *testing.T) {
	got := cellStdout(t, `import "fmt"

type Name string

func (n Name) String() string { return "N:" + string(n) }

type Label string

type Pt struct{ X, Y int }

func main() {
	vals := []any{Name("a"), 1, Label("b"), 2}
	fmt.Print(Name("ann"), 1, 2, Label("l"), 3, Pt{1, 2}, Pt{3, 4}, "\n")
	fmt.Print(vals...)
	fmt.Println(fmt.Sprint(Label("x"), Label("y")), fmt.Sprint(Name("x"), 5))
}
`)
	want := "N:ann1 2l3 {1 2} {3 4}\nN:a1b2xy N:x5\n"
	if got != want {
		t.Errorf("got %q, want %q (go run)", got, want)
	}
}

// The operands no verb of a constant format uses are named by their Go type in fmt's
// %!(EXTRA ...) text: a cell type's name, not the interpreter's stand-in
// (namedpool.String_1, an unnamed struct, rt.shown), which fmt printed with status ok.
// Expected output from go run (Go 1.26.8).
func TestPrintfExtraOperandsOfCellTypes(t *testing.T) {
	got := cellStdout(t, `import "fmt"

type Label string
type Pt struct{ X, Y int }

func main() {
	fmt.Printf("%d\n", 1, Label("x"), Pt{1, 2}, 3)
	fmt.Printf("none\n", Label("q"))
	fmt.Println(fmt.Sprintf("%s", "a", Label("b")))
}
`)
	want := "1\n%!(EXTRA main.Label=x, main.Pt={1 2}, int=3)none\n%!(EXTRA main.Label=q)a%!(EXTRA main.Label=b)\n"
	if got != want {
		t.Errorf("got %q, want %q (go run)", got, want)
	}
}

// A nil pointer of a cell type prints as fmt prints a nil pointer for each verb: 0 for
// the integer verbs, 0x0 for %p and %#x, %!s(*main.T=<nil>) for the verbs a pointer has
// no meaning for (it printed <nil> for %s, %!d(<nil>) for %d, with status ok). Expected
// output from go run (Go 1.26.8).
func TestPrintNilPointerOfCellType(t *testing.T) {
	got := cellStdout(t, `import "fmt"

type T struct{ N int }

func main() {
	var p *T
	fmt.Printf("%v|%s|%d|%x|%#x|%X|%o|%b|%t|%q|%5d|%-4v|%p|\n", p, p, p, p, p, p, p, p, p, p, p, p, p)
}
`)
	want := "<nil>|%!s(*main.T=<nil>)|0|0|0x0|0|0|0|%!t(*main.T=<nil>)|%!q(*main.T=<nil>)|    0|<nil>|0x0|\n"
	if got != want {
		t.Errorf("got %q, want %q (go run)", got, want)
	}
}
