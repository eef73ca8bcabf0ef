package namedpool

import (
	"reflect"
	"testing"
)

func TestTakeGivesDistinctTypesOfTheKind(t *testing.T) {
	owner := new(int)
	defer Release(owner)
	f := reflect.TypeOf(0.0)
	a := Take(f, "main.Celsius", "", owner)
	b := Take(f, "main.Fahrenheit", "", owner)
	if a == nil || b == nil || a == b || a == f {
		t.Fatalf("Take: %v, %v (want two distinct slots, not float64)", a, b)
	}
	if a.Kind() != reflect.Float64 || a.Size() != f.Size() || !a.ConvertibleTo(f) || !f.ConvertibleTo(a) {
		t.Fatalf("slot %v: kind %v, size %d, convertible %v", a, a.Kind(), a.Size(), a.ConvertibleTo(f))
	}
	if n, ok := Name(a); !ok || n != "main.Celsius" {
		t.Errorf("Name(%v) = %q, %v", a, n, ok)
	}
	if got := TypeString(reflect.MapOf(a, reflect.SliceOf(b))); got != "map[main.Celsius][]main.Fahrenheit" {
		t.Errorf("TypeString = %q", got)
	}
	if s := Take(reflect.TypeOf(struct{}{}), "main.traceKey", "", owner); s == nil || s.Kind() != reflect.Struct || s.NumField() != 0 {
		t.Errorf("empty struct slot: %v", s)
	}
	if Take(reflect.TypeOf([]*int(nil)), "main.Ptrs", "", owner) != nil || Supported(reflect.TypeOf([][3]int(nil))) {
		t.Error("a slice type of no predeclared type has no slots, yet Take gave one")
	}
}

func TestCompositeSlots(t *testing.T) {
	owner := new(int)
	defer Release(owner)
	for _, under := range []reflect.Type{
		reflect.TypeOf([]string(nil)), reflect.TypeOf([]byte(nil)), reflect.TypeOf([]any(nil)),
		reflect.TypeOf([][]float64(nil)), reflect.TypeOf(map[string]int(nil)),
		reflect.TypeOf(map[string]struct{}(nil)), reflect.TypeOf(map[rune]bool(nil)),
	} {
		a := Take(under, "main.A", "", owner)
		b := Take(under, "main.B", "", owner)
		if a == nil || b == nil || a == b || a == under {
			t.Fatalf("Take(%v): %v, %v (want two distinct slots)", under, a, b)
		}
		// The slot is the underlying type's twin: reflect assigns and converts between
		// them (as Go does between a named type and its unnamed underlying type), and
		// Underlying gives the unnamed type back.
		if a.Kind() != under.Kind() || !a.AssignableTo(under) || !under.AssignableTo(a) || a.AssignableTo(b) {
			t.Errorf("slot %v of %v: kind %v, assignable %v/%v, to another slot %v", a, under, a.Kind(), a.AssignableTo(under), under.AssignableTo(a), a.AssignableTo(b))
		}
		if Underlying(a) != under || Size(under) != perComposite {
			t.Errorf("Underlying(%v) = %v, Size = %d, want %v, %d", a, Underlying(a), Size(under), under, perComposite)
		}
	}
	if got := TypeString(reflect.MapOf(reflect.TypeOf(""), Take(reflect.TypeOf([]int(nil)), "main.Ints", "", owner))); got != "map[string]main.Ints" {
		t.Errorf("TypeString = %q", got)
	}
	vec := reflect.TypeOf([3]float64{})
	if v := Take(vec, "main.Vec3", "", owner); v == nil || Underlying(v) != vec || !v.ConvertibleTo(vec) || v.Len() != 3 || Size(vec) != perArray {
		t.Errorf("array slot %v: underlying %v, size %d", v, Underlying(v), Size(vec))
	}
	if Size(reflect.TypeOf(0)) != perBasic || Size(reflect.TypeOf([]*int(nil))) != 0 || Size(reflect.TypeOf([5]int{})) != 0 {
		t.Errorf("Size: int %d, []*int %d", Size(reflect.TypeOf(0)), Size(reflect.TypeOf([]*int(nil))))
	}
}

func TestExhaustedAndReleased(t *testing.T) {
	owner := new(int)
	u := reflect.TypeOf(uint16(0))
	free := Free(u)
	var got []reflect.Type
	for i := 0; i < free; i++ {
		s := Take(u, "main.T", "", owner)
		if s == nil {
			t.Fatalf("Take %d of %d free: nil", i, free)
		}
		got = append(got, s)
	}
	if s := Take(u, "main.Over", "", owner); s != nil || Free(u) != 0 {
		t.Fatalf("exhausted pool gave %v (free %d)", s, Free(u))
	}
	seen := map[reflect.Type]bool{}
	for _, s := range got {
		if seen[s] {
			t.Fatalf("slot %v given twice", s)
		}
		seen[s] = true
	}
	Release(owner)
	if Free(u) != free {
		t.Fatalf("after Release: %d free, want %d", Free(u), free)
	}
	if _, ok := Name(got[0]); ok {
		t.Error("a released slot still has a name")
	}
	if Names("x namedpool.Uint16_3 y") != "x namedpool.Uint16_3 y" {
		t.Error("an untaken slot's name was rewritten")
	}
}

func TestTakeAgainByKey(t *testing.T) {
	a, b := new(int), new(int)
	defer Release(a)
	defer Release(b)
	i, i64 := reflect.TypeOf(0), reflect.TypeOf(int64(0))
	first := Take(i, "main.ID", "main.ID", a)
	if again := Take(i, "main.ID", "main.ID", a); again != first {
		t.Errorf("same owner, key and underlying type: %v then %v, want one slot", first, again)
	}
	if other := Take(i, "main.ID", "main.ID", b); other == first {
		t.Error("another owner got the same slot")
	}
	if wider := Take(i64, "main.ID", "main.ID", a); wider == nil || wider.Kind() != reflect.Int64 {
		t.Errorf("another underlying type: %v", wider)
	}
	if fresh := Take(i, "main.ID", "", a); fresh == first {
		t.Error("an empty key reused a slot")
	}
	Release(a)
	if again := Take(i, "main.ID", "main.ID", a); again == nil {
		t.Error("after Release: no slot")
	}
}
