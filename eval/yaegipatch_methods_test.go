package eval

import (
	"strings"
	"testing"
)

// Tests of the yaegi patches about methods, embedding and promotion
// (eval/third_party/yaegi/PATCHES.md): embedded fields seen by reflect, methods
// promoted from embedded compiled types and interfaces, the shallowest selector, and
// method values binding their receiver when they are evaluated. Expected outputs are
// what `go run` prints for the same programs.

// Patch 6: an embedded struct field is embedded for reflect too (json flattens it,
// reflect reports it Anonymous) where reflect.StructOf supports it. (On a bare
// interpreter: the session refuses reflect.TypeOf of cell types.)
func TestPatchEmbeddedFields(t *testing.T) {
	got := yaegiStdout(t, `package main

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sync"
)

type Base struct {
	ID      int    `+"`"+`json:"id"`+"`"+`
	Created string `+"`"+`json:"created"`+"`"+`
}

type Post struct {
	Base
	Title string `+"`"+`json:"title"`+"`"+`
}

type Counter struct {
	sync.Mutex
	N int
}

func main() {
	b, _ := json.Marshal(Post{Base{1, "today"}, "hi"})
	fmt.Println(string(b))
	var p Post
	err := json.Unmarshal([]byte(`+"`"+`{"id":7,"title":"t"}`+"`"+`), &p)
	fmt.Println(p.ID, p.Title, err)
	t := reflect.TypeOf(p)
	fmt.Println(t.Field(0).Anonymous, t.Field(1).Anonymous)
	c := &Counter{}
	c.Lock()
	c.N++
	c.Unlock()
	fmt.Println(c.N)
}
`)
	want := "{\"id\":1,\"created\":\"today\",\"title\":\"hi\"}\n7 t <nil>\ntrue false\n1\n"
	if got != want {
		t.Errorf("got:\n%s\nwant (go run):\n%s", got, want)
	}
}

// Patch 21: methods promoted from an embedded compiled type with pointer receivers
// (sync.Mutex.Lock) belong to the method set of a pointer to the struct: it satisfies
// sync.Locker and an interface of the interpreter, and calls through both reach the
// embedded field.
func TestPatchEmbeddedCompiledMethods(t *testing.T) {
	src := `package main

import (
	"fmt"
	"sync"
)

type Counter struct {
	sync.Mutex
	n int
}

type Locker interface {
	Lock()
	Unlock()
}

func inc(l sync.Locker, c *Counter) {
	l.Lock()
	defer l.Unlock()
	c.n++
}

func main() {
	c := &Counter{}
	var wg sync.WaitGroup
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() { defer wg.Done(); inc(c, c) }()
	}
	wg.Wait()
	var l Locker = c
	l.Lock()
	ok := c.TryLock()
	l.Unlock()
	fmt.Println(c.n, ok)
}`
	want := "20 false\n"
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
	if got := cellStdout(t, strings.TrimPrefix(src, "package main\n\n")); got != want {
		t.Errorf("session: got %q, want %q", got, want)
	}
}

// Patch 26: a struct embedding an interface with methods (sort.Interface, io.Reader):
// the promoted methods reach the field, the struct passes as a compiled interface from
// an interface of the interpreter, and a nil embedded interface panics as in Go.
func TestPatchEmbeddedInterfaceField(t *testing.T) {
	src := `package main

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

type byLenDesc struct{ sort.Interface }

func (b byLenDesc) Less(i, j int) bool { return b.Interface.Less(j, i) }

type upper struct{ io.Reader }

func (u upper) Read(p []byte) (int, error) {
	n, err := u.Reader.Read(p)
	copy(p, strings.ToUpper(string(p[:n])))
	return n, err
}

type Source interface{ io.Reader }

func main() {
	words := []string{"b", "dd", "a", "ccc"}
	sort.Sort(byLenDesc{sort.StringSlice(words)})
	fmt.Println(words)
	var src Source = upper{strings.NewReader("quiet words")}
	b, err := io.ReadAll(src)
	fmt.Println(string(b), err)
	defer func() { fmt.Println("recovered:", recover()) }()
	var empty upper
	empty.Read(make([]byte, 4))
}`
	want := "[dd ccc b a]\nQUIET WORDS <nil>\nrecovered: runtime error: invalid memory address or nil pointer dereference\n"
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
	if got := cellStdout(t, strings.TrimPrefix(src, "package main\n\n")); got != want {
		t.Errorf("session: got %q, want %q", got, want)
	}
}

// Patch 86: a selector picks the shallowest field or method, as Go does. yaegi searched
// the embedded fields depth first: a field or method of the first embedded struct's
// embedded struct hid the one of a later embedded field, one level up (o.ID gave Inner's
// Core.ID, not Tag.ID; s.String() gave a deep String instead of *bytes.Buffer's), status
// ok. Found by Go's test/fixedbugs/bug485.go and issue24547.go.
func TestPatchSelectorTakesTheShallowest(t *testing.T) {
	checkCorpusProgramBare(t, "gs_promotion_depth")
	checkCorpusProgram(t, "gs_promotion_depth")
}

// Patch 39: a method value binds its receiver when it is evaluated. cs[i].Inc taken in a
// loop incremented the last element for every value (the receiver was read again from
// the index expression's slot at call time), p.Inc called after p changed incremented the
// new p, and x.Get saw later changes of x.
func TestPatchMethodValueBindsReceiver(t *testing.T) {
	src := `package main

import "fmt"

type C struct{ n int }

func (c *C) Inc()    { c.n++ }
func (c C) Get() int { return c.n }

func main() {
	cs := []C{{1}, {2}}
	var incs []func()
	for i := range cs {
		incs = append(incs, cs[i].Inc)
	}
	for _, f := range incs {
		f()
	}
	fmt.Println(cs)
	ps := []*C{{1}, {2}}
	var pincs []func()
	for i := 0; i < len(ps); i++ {
		pincs = append(pincs, ps[i].Inc)
	}
	pincs[0]()
	fmt.Println(*ps[0], *ps[1])
	a, b := &C{1}, &C{10}
	p := a
	f := p.Inc
	p = b
	f()
	fmt.Println(*a, *b)
	x := C{5}
	g := x.Get
	h := x.Inc
	x.n = 7
	h()
	fmt.Println(g(), x)
}`
	want := "[{2} {3}]\n{2} {2}\n{2} {10}\n5 {8}\n"
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
}

// Patch 49: evaluating a method value with a value receiver reads the receiver, as Go
// does: through a nil pointer (embedded or not) it panics with the nil dereference at
// once; it bound a nil receiver and went on. Pointer receivers bind the nil pointer.
func TestPatchMethodValueNilReceiver(t *testing.T) {
	src := `package main

import "fmt"

type T struct{ n int }

func (t T) Get() int   { return t.n }
func (t *T) Ptr() bool { return t == nil }

type W struct{ *T }

func try(name string, f func()) {
	defer func() {
		r := recover()
		fmt.Println(name, "panicked:", r != nil, r)
	}()
	f()
}

func main() {
	var w W
	try("embedded value method", func() { g := w.Get; _ = g })
	try("embedded pointer method", func() { p := w.Ptr; fmt.Println("bound, nil receiver:", p()) })
	var tp *T
	try("nil pointer value method", func() { g := tp.Get; _ = g })
	try("nil pointer pointer method", func() { p := tp.Ptr; fmt.Println(p()) })
	w.T = &T{5}
	g := w.Get
	w.T.n = 6
	fmt.Println(g(), w.Get())
}`
	want := "embedded value method panicked: true runtime error: invalid memory address or nil pointer dereference\nbound, nil receiver: true\nembedded pointer method panicked: false <nil>\nnil pointer value method panicked: true runtime error: invalid memory address or nil pointer dereference\ntrue\nnil pointer pointer method panicked: false <nil>\n5 6\n"
	if got := yaegiStdout(t, src); got != want {
		t.Errorf("bare interpreter: got %q, want %q", got, want)
	}
}
