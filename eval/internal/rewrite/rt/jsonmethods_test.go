package rt

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// The json methods of cell types, checked against encoding/json itself: each case has a
// compiled type with the methods (what Go runs) and a mirror without them (what yaegi
// gives, the methods registered as functions by RegisterJSON, as rewritten cells do).
// Marshaling the mirror through JSONMarshal with the description of the static type
// must give encoding/json's answer on the compiled type.

// Compiled types with methods.
type jLevel int

func (l jLevel) MarshalText() ([]byte, error) {
	if l > 2 {
		return nil, errors.New("no such level")
	}
	return []byte([]string{"low", "mid", "high"}[l]), nil
}

func (l *jLevel) UnmarshalText(b []byte) error {
	for i, s := range []string{"low", "mid", "high"} {
		if s == string(b) {
			*l = jLevel(i)
			return nil
		}
	}
	return fmt.Errorf("bad level %q", b)
}

type jMoney struct{ Cents int }

func (m *jMoney) MarshalJSON() ([]byte, error) { return []byte(fmt.Sprintf(`"$%d"`, m.Cents)), nil }

func (m *jMoney) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		m.Cents = -1
		return nil
	}
	_, err := fmt.Sscanf(strings.Trim(string(b), `"`), "$%d", &m.Cents)
	return err
}

type jDate struct{ Y int }

func (d jDate) IsZero() bool { return d.Y < 1900 }

type jRow struct {
	L  jLevel            `json:"l"`
	M  jMoney            `json:"m"`
	PM *jMoney           `json:"pm"`
	LS []jLevel          `json:"ls,omitempty"`
	KM map[jLevel]int    `json:"km"`
	D  jDate             `json:"d,omitzero"`
	MM map[string]jMoney `json:"mm"`
}

// Their mirrors: the same shapes, no methods.
type mLevel int
type mMoney struct{ Cents int }
type mDate struct{ Y int }
type mRow struct {
	L  mLevel            `json:"l"`
	M  mMoney            `json:"m"`
	PM *mMoney           `json:"pm"`
	LS []mLevel          `json:"ls,omitempty"`
	KM map[mLevel]int    `json:"km"`
	D  mDate             `json:"d,omitzero"`
	MM map[string]mMoney `json:"mm"`
}

const testSession = "jsontest"

// registerMirrors registers the methods of the compiled types for the mirrors and
// returns descriptions of mRow, *mRow and []mMoney.
func registerMirrors(t testing.TB) (row, ptrRow, moneys *Type) {
	t.Cleanup(func() { Forget(testSession) })
	levelText := func(v mLevel) ([]byte, error) { return jLevel(v).MarshalText() }
	RegisterJSON(testSession, "main.Level", mLevel(0),
		[5]any{nil, levelText, nil, nil, nil},
		[5]any{nil, func(v *mLevel) ([]byte, error) { return levelText(*v) }, nil,
			func(v *mLevel, b []byte) error { return (*jLevel)(v).UnmarshalText(b) }, nil})
	RegisterJSON(testSession, "main.Money", mMoney{}, [5]any{},
		[5]any{func(v *mMoney) ([]byte, error) { return (*jMoney)(v).MarshalJSON() }, nil,
			func(v *mMoney, b []byte) error { return (*jMoney)(v).UnmarshalJSON(b) }, nil, nil})
	isZero := func(v mDate) bool { return jDate(v).IsZero() }
	RegisterJSON(testSession, "main.Date", mDate{}, [5]any{nil, nil, nil, nil, isZero},
		[5]any{nil, nil, nil, nil, func(v *mDate) bool { return isZero(*v) }})

	named := func(name string, elem *Type) *Type {
		n := &Type{Kind: Named, Name: name, Session: testSession, Elem: elem}
		Register(n)
		return n
	}
	intT := &Type{Kind: Plain, Name: "int"}
	level := named("main.Level", intT)
	money := named("main.Money", &Type{Kind: Struct, Name: "struct { Cents int }", Fields: []Field{{Name: "Cents", Type: intT}}})
	date := named("main.Date", &Type{Kind: Struct, Name: "struct { Y int }", Fields: []Field{{Name: "Y", Type: intT}}})
	ptrMoney := &Type{Kind: Pointer, Name: "*main.Money", Session: testSession, Elem: money}
	row = named("main.Row", &Type{Kind: Struct, Name: "struct {...}", Session: testSession, Fields: []Field{
		{Name: "L", Type: level},
		{Name: "M", Type: money},
		{Name: "PM", Type: ptrMoney},
		{Name: "LS", Type: &Type{Kind: Slice, Name: "[]main.Level", Session: testSession, Elem: level}},
		{Name: "KM", Type: &Type{Kind: Map, Name: "map[main.Level]int", Session: testSession, Key: level, Elem: intT}},
		{Name: "D", Type: date},
		{Name: "MM", Type: &Type{Kind: Map, Name: "map[string]main.Money", Session: testSession, Key: &Type{Kind: Plain, Name: "string"}, Elem: money}},
	}})
	ptrRow = &Type{Kind: Pointer, Name: "*main.Row", Session: testSession, Elem: row}
	moneys = &Type{Kind: Slice, Name: "[]main.Money", Session: testSession, Elem: money}
	return row, ptrRow, moneys
}

func TestJSONMarshalAsEncodingJSON(t *testing.T) {
	row, ptrRow, moneys := registerMirrors(t)
	rowID, ptrID, moneysID := Register(row), Register(ptrRow), Register(moneys)
	j := jRow{L: 2, M: jMoney{5}, PM: &jMoney{7}, LS: []jLevel{0, 1}, KM: map[jLevel]int{1: 10, 0: 20},
		D: jDate{1800}, MM: map[string]jMoney{"a": {3}}}
	m := mRow{L: 2, M: mMoney{5}, PM: &mMoney{7}, LS: []mLevel{0, 1}, KM: map[mLevel]int{1: 10, 0: 20},
		D: mDate{1800}, MM: map[string]mMoney{"a": {3}}}
	check := func(name string, want, got []byte, werr, gerr error) {
		t.Helper()
		if string(want) != string(got) || goNames.Replace(fmt.Sprint(werr)) != fmt.Sprint(gerr) {
			t.Errorf("%s:\n got %s (%v)\nwant %s (%v)", name, got, gerr, want, werr)
		}
	}
	// By value: the pointer methods of Money are not called (not addressable).
	want, werr := json.Marshal(j)
	got, gerr := JSONMarshal(m, rowID)
	check("value", want, got, werr, gerr)
	// Through a pointer: they are.
	want, werr = json.Marshal(&j)
	got, gerr = JSONMarshal(&m, ptrID)
	check("pointer", want, got, werr, gerr)
	// Slice elements are addressable.
	want, werr = json.Marshal([]jMoney{{1}, {2}})
	got, gerr = JSONMarshal([]mMoney{{1}, {2}}, moneysID)
	check("slice", want, got, werr, gerr)
	// omitzero with IsZero, omitempty of an empty slice.
	j.D, m.D, j.LS, m.LS = jDate{2000}, mDate{2000}, nil, nil
	want, werr = json.MarshalIndent(&j, ">", " ")
	got, gerr = JSONMarshalIndent(&m, ">", " ", ptrID)
	check("indent", want, got, werr, gerr)
	// Errors: a MarshalText failing for a field, and for a map key.
	j.L, m.L = 7, 7
	want, werr = json.Marshal(&j)
	got, gerr = JSONMarshal(&m, ptrID)
	check("field error", want, got, werr, gerr)
	j.L, m.L = 0, 0
	j.KM[9], m.KM[9] = 1, 1
	want, werr = json.Marshal(&j)
	got, gerr = JSONMarshal(&m, ptrID)
	check("key error", want, got, werr, gerr)
	if gerr == nil {
		t.Error("no error for a failing MarshalText of a map key")
	}
}

// goNames names the compiled types of the test as the cell types they stand for.
var goNames = strings.NewReplacer("rt.jLevel", "main.Level", "rt.jMoney", "main.Money", "rt.jRow", "main.Row", "field jRow.", "field Row.")

// showRow prints a jRow or an mRow, pointers by what they point to.
func showRow(v any) string {
	rv := reflect.ValueOf(v)
	var parts []string
	for i := 0; i < rv.NumField(); i++ {
		f := rv.Field(i)
		if f.Kind() == reflect.Pointer {
			if f.IsNil() {
				parts = append(parts, "nil")
				continue
			}
			f = f.Elem()
		}
		parts = append(parts, fmt.Sprint(f.Interface()))
	}
	return strings.Join(parts, " ")
}

func TestJSONUnmarshalAsEncodingJSON(t *testing.T) {
	_, ptrRow, _ := registerMirrors(t)
	ptrID := Register(ptrRow)
	for _, in := range []string{
		`{"l":"mid","m":"$4","pm":"$8","ls":["high","low"],"km":{"high":1},"mm":{"x":"$2"}}`,
		`{"m":null,"pm":null}`,
		`{"l":"top"}`,
		`{"l":3}`,
		`{"m":"four"}`,
		`{"km":{"nope":1}}`,
		`{"ls":["low",7]}`,
	} {
		j := jRow{PM: &jMoney{1}, KM: map[jLevel]int{0: 5}, LS: make([]jLevel, 1, 4)}
		m := mRow{PM: &mMoney{1}, KM: map[mLevel]int{0: 5}, LS: make([]mLevel, 1, 4)}
		jpm, mpm := j.PM, m.PM
		jls, mls := j.LS[:4], m.LS[:4]
		werr := json.Unmarshal([]byte(in), &j)
		gerr := JSONUnmarshal([]byte(in), &m, ptrID)
		if want := goNames.Replace(fmt.Sprint(werr)); fmt.Sprint(gerr) != want {
			t.Errorf("%s: error %v, want %v", in, gerr, want)
		}
		// Decoded the same; the pointer and the backing array of the slice are the
		// target's own where encoding/json keeps them.
		want := fmt.Sprint(showRow(j), " ", j.PM == jpm, " ", jls)
		got := fmt.Sprint(showRow(m), " ", m.PM == mpm, " ", mls)
		if got != want {
			t.Errorf("%s:\n got %s\nwant %s", in, got, want)
		}
	}
}

func TestJSONBoxPoolRefusesWhenFull(t *testing.T) {
	t.Cleanup(func() { Forget(testSession) })
	f := func(v *mLevel, b []byte) error { return nil }
	for i := 0; i <= jsonBoxPoolSize; i++ {
		name := fmt.Sprintf("main.L%d", i)
		RegisterJSON(testSession, name, mLevel(0), [5]any{}, [5]any{nil, nil, f, nil, nil})
		n := &Type{Kind: Named, Name: name, Session: testSession, Elem: &Type{Kind: Plain, Name: "int"}}
		func() {
			defer func() {
				r := recover()
				if i < jsonBoxPoolSize && r != nil {
					t.Fatalf("type %d: %v", i, r)
				}
				if i == jsonBoxPoolSize && (r == nil || !strings.Contains(fmt.Sprint(r), "is not supported in cells")) {
					t.Fatalf("type %d of a full pool: %v, want a refusal", i, r)
				}
			}()
			bt, _ := boxType(n, jsonSetsOf(n))
			if bt == nil {
				t.Fatalf("type %d has no box type", i)
			}
		}()
	}
	Forget(testSession)
	n := &Type{Kind: Named, Name: "main.After", Session: testSession}
	RegisterJSON(testSession, "main.After", mLevel(0), [5]any{}, [5]any{nil, nil, f, nil, nil})
	if bt, _ := boxType(n, jsonSetsOf(n)); bt == nil {
		t.Fatal("no box type after Forget freed the pool")
	}
}

// BenchmarkJSONMarshal compares JSONMarshal of a mirror value (methods registered) with
// encoding/json on the compiled type with the methods, the reference.
func BenchmarkJSONMarshal(b *testing.B) {
	_, ptrRow, _ := registerMirrors(b)
	ptrID := Register(ptrRow)
	j := &jRow{L: 2, M: jMoney{5}, PM: &jMoney{7}, LS: []jLevel{0, 1, 2, 1}, KM: map[jLevel]int{1: 10, 0: 20},
		D: jDate{2000}, MM: map[string]jMoney{"a": {3}}}
	m := &mRow{L: 2, M: mMoney{5}, PM: &mMoney{7}, LS: []mLevel{0, 1, 2, 1}, KM: map[mLevel]int{1: 10, 0: 20},
		D: mDate{2000}, MM: map[string]mMoney{"a": {3}}}
	b.Run("encoding/json", func(b *testing.B) {
		for b.Loop() {
			if _, err := json.Marshal(j); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("rt", func(b *testing.B) {
		for b.Loop() {
			if _, err := JSONMarshal(m, ptrID); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkJSONUnmarshal is BenchmarkJSONMarshal for decoding.
func BenchmarkJSONUnmarshal(b *testing.B) {
	_, ptrRow, _ := registerMirrors(b)
	ptrID := Register(ptrRow)
	data := []byte(`{"l":"mid","m":"$4","pm":"$8","ls":["high","low","mid"],"km":{"high":1},"mm":{"x":"$2"}}`)
	b.Run("encoding/json", func(b *testing.B) {
		for b.Loop() {
			var j jRow
			if err := json.Unmarshal(data, &j); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("rt", func(b *testing.B) {
		for b.Loop() {
			var m mRow
			if err := JSONUnmarshal(data, &m, ptrID); err != nil {
				b.Fatal(err)
			}
		}
	})
}
