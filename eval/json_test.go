package eval

import (
	"strings"
	"testing"
)

// jsonProgramAsGo runs a whole program as a cell and as go run: the same stdout.
func jsonProgramAsGo(t *testing.T, prog string) {
	t.Helper()
	want, _ := goRun(t, prog)
	s := newSession(t)
	_, rec := mustExec(t, s, prog)
	if got := rec.stream("stdout"); got != want {
		t.Errorf("stdout:\n%s\nwant (go run):\n%s", got, want)
	}
}

// encoding/json names the struct of a field it could not decode by its reflect name,
// empty for cell types: the rewritten Unmarshal and Decode put the cell's name back,
// through nested, embedded, pointer and slice fields.
func TestJSONErrorsNameCellStructs(t *testing.T) {
	jsonProgramAsGo(t, `package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

type Base struct {
	ID int `+"`json:\"id\"`"+`
}

type Item struct {
	SKU string
	Qty int `+"`json:\"qty\"`"+`
}

type Order struct {
	Base
	Items []*Item           `+"`json:\"items\"`"+`
	Meta  map[string]Item   `+"`json:\"meta\"`"+`
	Note  struct{ N int }   `+"`json:\"note\"`"+`
}

func main() {
	for _, in := range []string{
		`+"`{\"id\":\"x\"}`"+`,
		`+"`{\"items\":[{\"qty\":\"two\"}]}`"+`,
		`+"`{\"items\":[{\"sku\":3}]}`"+`,
		`+"`{\"meta\":{\"a\":{\"qty\":true}}}`"+`,
		`+"`{\"note\":{\"N\":\"s\"}}`"+`,
	} {
		var o Order
		err := json.Unmarshal([]byte(in), &o)
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			fmt.Printf("%q %q: %v\n", te.Struct, te.Field, err)
		}
		dec := json.NewDecoder(strings.NewReader(in))
		fmt.Println(dec.Decode(&o))
	}
	var list []Item
	fmt.Println(json.Unmarshal([]byte(`+"`[{\"qty\":\"x\"}]`"+`), &list))
}
`)
}

// Values of an interface type a cell declares are yaegi structs inside: json.Marshal
// and Encoder.Encode get them as the values they hold.
func TestJSONMarshalCellInterfaces(t *testing.T) {
	jsonProgramAsGo(t, `package main

import (
	"encoding/json"
	"fmt"
	"os"
)

type Shape interface{ Area() float64 }

type Circle struct {
	R float64 `+"`json:\"r\"`"+`
}

type Rect struct{ W, H float64 }

func (c Circle) Area() float64 { return 3 * c.R * c.R }
func (r *Rect) Area() float64  { return r.W * r.H }

type Scene struct {
	Name   string           `+"`json:\"name\"`"+`
	Main   Shape            `+"`json:\"main\"`"+`
	Extra  Shape            `+"`json:\"extra,omitempty\"`"+`
	All    []Shape          `+"`json:\"all,omitempty\"`"+`
	ByName map[string]Shape `+"`json:\"by_name\"`"+`
	hidden int
}

func main() {
	b, err := json.Marshal([]Shape{Circle{1}, &Rect{1, 2}, nil})
	fmt.Println(string(b), err)
	sc := Scene{Name: "s", Main: Circle{2}, ByName: map[string]Shape{"c": Circle{3}}, hidden: 1}
	b, err = json.MarshalIndent(sc, "", " ")
	fmt.Println(string(b), err)
	b, err = json.Marshal(&Scene{All: []Shape{}})
	fmt.Println(string(b), err)
	var any1 any = []Shape{Circle{4}}
	json.NewEncoder(os.Stdout).Encode(any1)
	json.NewEncoder(os.Stdout).Encode(map[string]any{"n": 1, "s": []int{1}})
	b, err = json.Marshal(map[string]any{"shapes": []Shape{Circle{5}}, "box": struct{ V any }{Circle{6}}})
	fmt.Println(string(b), err)
}
`)
}

// %#v of a value the printer cannot name (type Grid [5]int in an interface is a [5]int
// at run time: the pool of yaegi patch 54 has no [5]int types) is refused before fmt
// runs: the refusal is the cell's error, not text inside the output (fmt turns a panic
// in Format into %!v(PANIC=...)).
func TestSharpVRefusalReachesTheCell(t *testing.T) {
	s := newSession(t)
	_, e, rec := run(t, s, `import "fmt"

type Grid [5]int

fmt.Printf("%#v\n", []any{2, Grid{}})`)
	if e == nil {
		t.Fatalf("the cell succeeded, printing %q; want a refusal", rec.stream("stdout"))
	}
	msg := e.Value + strings.Join(e.Traceback, "\n")
	if !strings.Contains(msg, "peerbook: %#v of an interface holding a [5]int is not supported in cells") {
		t.Errorf("error = %s", msg)
	}
	if out := rec.stream("stdout"); strings.Contains(out, "PANIC") {
		t.Errorf("stdout = %q", out)
	}
	// The values the printer can name still print as Go prints them.
	jsonProgramAsGo(t, `package main

import "fmt"

type Tags []string

type P struct {
	X    int
	Tags Tags
}

func main() {
	fmt.Printf("%#v %#v %+v\n", Tags{"a"}, []any{1, "s", P{1, Tags{"b"}}}, P{})
	fmt.Println(fmt.Sprintf("%#v|%5v", P{X: 2}, []int{1}))
}
`)
}
