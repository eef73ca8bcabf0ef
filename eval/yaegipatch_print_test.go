package eval

import (
	"strings"
	"testing"
)

// Tests of the yaegi patches and rewrites about printing (eval/third_party/yaegi/
// PATCHES.md): print and println in the runtime's format (in defer statements, of
// interfaces, of type parameters), fmt's %T and %#v naming the type arguments of
// generic code, and fmt.Fprintf's writer when it has a String method. Expected outputs
// are what `go run` prints for the same programs.

// The rewriter sends print and println to rt.Print (stderr, the runtime's format) in defer
// and go statements too, and passes operands of interface types as their two words: a
// deferred println wrote as yaegi's builtin (stdout, fmt's format: "[] map[] <nil>"), and a
// nil interface with methods printed "(interp.valueInterface)".
func TestPrintDeferredAndInterfaceOperands(t *testing.T) {
	s := newSession(t)
	_, rec := mustExec(t, s, `package main

type I interface{ f() }

func main() {
	var i I
	var e any
	var m map[int]int
	var sl []int
	println(i, e)
	defer println(m, sl, i)
	defer print("x", 1.5, "\n")
}`)
	if got := rec.stream("stdout"); got != "" {
		t.Errorf("stdout: %q, want nothing", got)
	}
	if got, want := rec.stream("stderr"), "(0x0,0x0) (0x0,0x0)\nx1.5\n0x0 [0/0]0x0 (0x0,0x0)\n"; got != want {
		t.Errorf("stderr: got %q, want %q", got, want)
	}
}

// println of an operand whose type is a type parameter prints as the instance's type
// does: an int as a number, an interface as its two words. The rewriter passed every such
// operand as an interface ("show (0x...,0x...)" for show(7)).
func TestPrintlnOfTypeParameterOperand(t *testing.T) {
	s := newSession(t)
	_, rec := mustExec(t, s, `package main

func show[T any](v T) { println("show", v) }

func main() {
	show(7)
	show("s")
	show(2.5)
	show[any](nil)
	show[error](nil)
}`)
	const want = "show 7\nshow s\nshow 2.5\nshow (0x0,0x0)\nshow (0x0,0x0)\n"
	if got := rec.stream("stderr"); got != want {
		t.Errorf("stderr: %q, want %q", got, want)
	}
	if got := rec.stream("stdout"); strings.TrimSpace(got) != "" {
		t.Errorf("stdout: %q, want nothing", got)
	}
}

// In generic code %T and %#v name the type arguments of the instance that runs, not
// the type parameters (main.G[T], []T), also for instances only generic code makes.
func TestGenericCodePrintsTypeArguments(t *testing.T) {
	got := cellStdout(t, `import "fmt"

type N int

func (n N) String() string { return fmt.Sprintf("N<%d>", int(n)) }

type P struct{ a, b int }

type G[T any] struct {
	v  T
	vs []T
	m  map[string]T
	p  *T
}

func F[T any](x T) {
	g := G[T]{v: x, vs: []T{x, x}, m: map[string]T{"k": x}}
	fmt.Printf("%v|%+v|%#v\n", g, g, g.vs)
	fmt.Printf("%T %T %T %T %T\n", g, g.vs, g.m, g.p, &g)
	fmt.Printf("%v %d\n", []T{x}, []T{x})
	var e T
	fmt.Printf("%v %#v %T\n", e, e, e)
	fmt.Printf("%T\n", func(a T) T { return a })
}

func main() {
	F(3)
	F(N(2))
	F(P{1, 2})
	F(G[string]{v: "s"})
}`)
	want := `{3 [3 3] map[k:3] <nil>}|{v:3 vs:[3 3] m:map[k:3] p:<nil>}|[]int{3, 3}
main.G[int] []int map[string]int *int *main.G[int]
[3] [3]
0 0 int
func(int) int
{2 [2 2] map[k:2] <nil>}|{v:2 vs:[2 2] m:map[k:2] p:<nil>}|[]main.N{2, 2}
main.G[main.N] []main.N map[string]main.N *main.N *main.G[main.N]
[N<2>] [2]
N<0> 0 main.N
func(main.N) main.N
{{1 2} [{1 2} {1 2}] map[k:{1 2}] <nil>}|{v:{a:1 b:2} vs:[{a:1 b:2} {a:1 b:2}] m:map[k:{a:1 b:2}] p:<nil>}|[]main.P{main.P{a:1, b:2}, main.P{a:1, b:2}}
main.G[main.P] []main.P map[string]main.P *main.P *main.G[main.P]
[{1 2}] [{1 2}]
{0 0} main.P{a:0, b:0} main.P
func(main.P) main.P
{{s [] map[] <nil>} [{s [] map[] <nil>} {s [] map[] <nil>}] map[k:{s [] map[] <nil>}] <nil>}|{v:{v:s vs:[] m:map[] p:<nil>} vs:[{v:s vs:[] m:map[] p:<nil>} {v:s vs:[] m:map[] p:<nil>}] m:map[k:{v:s vs:[] m:map[] p:<nil>}] p:<nil>}|[]main.G[string]{main.G[string]{v:"s", vs:[]string(nil), m:map[string]string(nil), p:(*string)(nil)}, main.G[string]{v:"s", vs:[]string(nil), m:map[string]string(nil), p:(*string)(nil)}}
main.G[main.G[string]] []main.G[string] map[string]main.G[string] *main.G[string] *main.G[main.G[string]]
[{s [] map[] <nil>}] [{%!d(string=s) [] map[] 0}]
{ [] map[] <nil>} main.G[string]{v:"", vs:[]string(nil), m:map[string]string(nil), p:(*string)(nil)} main.G[string]
func(main.G[string]) main.G[string]
`
	if got != want {
		t.Errorf("got:\n%s\nwant (go run):\n%s", got, want)
	}
}

// Patch 60: the writer of fmt.Fprintf (an io.Writer parameter) took the wrapper of
// fmt.Stringer meant for the printed operands when the writer has a String method: a
// *Log whose Log embeds bytes.Buffer panicked "reflect: Call using stdlib._fmt_Stringer
// as type io.Writer". The operands still take it (a String method of the cell type
// prints).
func TestPatchFprintfWriterWithStringMethod(t *testing.T) {
	checkCorpusProgramBare(t, "h5_fprintf_writer_methods")
	checkCorpusProgram(t, "h5_fprintf_writer_methods")
}
