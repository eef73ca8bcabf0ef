package rt

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
)

func TestClear(t *testing.T) {
	m := map[string]int{"a": 1}
	s := []string{"x", "y"}
	Clear(m)
	Clear(s)
	Clear(nil)
	if len(m) != 0 || s[0] != "" || s[1] != "" || len(s) != 2 {
		t.Errorf("after Clear: %v %q", m, s)
	}
	defer func() {
		if recover() == nil {
			t.Error("Clear of an int did not panic")
		}
	}()
	Clear(3)
}

func TestSortLikeSlices(t *testing.T) {
	f := []float64{3, math.NaN(), -1, 2}
	SortOrdered(f)
	if !math.IsNaN(f[0]) || f[1] != -1 || f[3] != 3 {
		t.Errorf("floats: %v (NaN first, as slices.Sort)", f)
	}
	type p struct {
		n string
		a int
	}
	ps := []p{{"a", 2}, {"b", 1}, {"c", 2}, {"d", 1}}
	SortStableFunc(ps, func(x, y p) int { return x.a - y.a })
	if fmt.Sprint(ps) != "[{b 1} {d 1} {a 2} {c 2}]" {
		t.Errorf("stable sort: %v", ps)
	}
	words := []string{"pear", "fig", "apple"}
	SortOrdered(words)
	if fmt.Sprint(words) != "[apple fig pear]" {
		t.Errorf("strings: %v", words)
	}
}

// The printer follows fmt's rules for what a Type describes: methods of named types
// (registered as functions of the receiver), field names for %+v, sorted map keys.
func TestShowFormatsLikeFmt(t *testing.T) {
	const session = "test-show"
	temp := &Type{Kind: Named, Name: "main.Celsius", Session: session, Elem: &Type{Kind: Plain, Name: "float64"}}
	Register(temp)
	RegisterNamed(session, "main.Celsius", 0.0,
		[5]any{func(c float64) string { return fmt.Sprintf("%.1fC", c) }}, [5]any{})
	point := &Type{Kind: Struct, Name: "main.point", Session: session, Fields: []Field{
		{Name: "x", Type: &Type{Kind: Plain, Name: "int"}},
		{Name: "T", Type: temp},
	}}
	type yaegiPoint struct {
		Xx int
		T  float64
	}
	list := Register(&Type{Kind: Slice, Name: "[]main.point", Session: session, Elem: point})
	m := Register(&Type{Kind: Map, Name: "map[string]main.Celsius", Session: session,
		Key: &Type{Kind: Plain, Name: "string"}, Elem: temp})
	v := []yaegiPoint{{1, 20}, {2, -3.5}}
	for _, tc := range []struct {
		format string
		arg    any
		want   string
	}{
		{"%v", Show(v, list), "[{1 20.0C} {2 -3.5C}]"},
		{"%+v", Show(v, list), "[{x:1 T:20.0C} {x:2 T:-3.5C}]"},
		{"%v", Show(map[string]float64{"b": 1, "a": 2}, m), "map[a:2.0C b:1.0C]"},
		// fmt applies the verb, flags and width to keys and values alike; a wrong verb names
		// the named type (Go: %!d(main.Celsius=2)).
		{"%d", Show(map[string]float64{"a": 2}, m), "map[%!d(string=a):%!d(main.Celsius=2)]"},
		{"%8v|", Show(map[string]float64{"a": 2}, m), "map[       a:    2.0C]|"},
	} {
		if got := fmt.Sprintf(tc.format, tc.arg); got != tc.want {
			t.Errorf("Sprintf(%q) = %q, want %q", tc.format, got, tc.want)
		}
	}
}

func TestAssertErrorMessages(t *testing.T) {
	err := AssertError("s", "int", "interface {}", "", "")
	if err.Error() != "interface conversion: interface {} is string, not int" {
		t.Errorf("got %q", err)
	}
	err = AssertError(nil, "int", "interface {}", "", "")
	if err.Error() != "interface conversion: interface {} is nil, not int" {
		t.Errorf("got %q", err)
	}
	err = AssertError(3, "main.Shape", "interface {}", "Area", "")
	if err.Error() != "interface conversion: int is not main.Shape: missing method Area" {
		t.Errorf("got %q", err)
	}
	var re interface{ RuntimeError() }
	if !errors.As(err, &re) {
		t.Error("not a runtime error")
	}
}

func TestUnwrap(t *testing.T) {
	if _, ok := Unwrap(nil).(NoValue); !ok {
		t.Error("Unwrap(nil) is not NoValue")
	}
	if Unwrap(reflect.ValueOf(42)) != 42 {
		t.Error("a reflect.Value (a recovered value in yaegi) is not unwrapped")
	}
	e := errors.New("x")
	if Unwrap(e) != e {
		t.Error("a compiled value changed")
	}
}

func TestMapKeyOrder(t *testing.T) {
	keys := []any{3.5, math.NaN(), -1.0}
	vals := make([]reflect.Value, len(keys))
	for i, k := range keys {
		vals[i] = reflect.ValueOf(k)
	}
	if compare(vals[1], vals[2]) >= 0 || compare(vals[2], vals[0]) >= 0 {
		t.Error("float keys: NaN first, then ascending")
	}
	a, b := reflect.ValueOf(struct{ A, B int }{1, 2}), reflect.ValueOf(struct{ A, B int }{1, 3})
	if compare(a, b) >= 0 || compare(b, a) <= 0 || compare(a, a) != 0 {
		t.Error("struct keys compare field by field")
	}
}

// A pointer to a struct inside a value prints as its address, as fmt prints it below
// depth 0; with a wrong verb, fmt writes the pointed-to value at depth 0. The references
// are fmt's own output for a compiled type of the same shape.
func TestShowPointerFieldsLikeFmt(t *testing.T) {
	const session = "test-show-ptr"
	node := &Type{Kind: Named, Name: "main.N", Session: session}
	node.Elem = &Type{Kind: Struct, Name: "main.N", Session: session}
	ptr := &Type{Kind: Pointer, Name: "*main.N", Session: session, Elem: node}
	node.Elem.Fields = []Field{{Name: "L", Type: ptr}, {Name: "V", Type: &Type{Kind: Plain, Name: "int"}}}
	Register(node)
	id := Register(node.Elem)
	type N struct {
		L *N
		V int
	}
	v := N{L: &N{V: 1}, V: 2}
	for _, format := range []string{"%v", "%+v", "%s", "%d", "%x", "%q", "%6v"} {
		want := strings.ReplaceAll(fmt.Sprintf(format, v), "rt.N", "main.N")
		if got := fmt.Sprintf(format, Show(v, id)); got != want {
			t.Errorf("Sprintf(%q) = %q, want fmt's %q", format, got, want)
		}
	}
}
