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
	if Take(reflect.TypeOf([]int(nil)), "main.Ints", "", owner) != nil || Supported(reflect.TypeOf([]int(nil))) {
		t.Error("a slice type has no slots, yet Take gave one")
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
