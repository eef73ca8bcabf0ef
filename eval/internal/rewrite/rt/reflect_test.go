package rt

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// The compiled types below are what Go's reflect answers for a cell's types (the truth);
// the yaegi* types are what the interpreter makes of the same declarations: unnamed
// StructOf types whose first field carries the identity tag, unexported fields renamed,
// no methods. The functions of reflect.go must answer for the second as reflect does for
// the first.

type Base struct{ ID int }

type User struct {
	Base
	age  int `db:"age"`
	Name string
	tags []string
}

func (u User) String() string   { return u.Name }
func (u *User) Rename(s string) { u.Name = s }

var (
	yaegiBase = reflect.StructOf([]reflect.StructField{{Name: "ID", Type: reflect.TypeOf(0), Tag: `yaegi:"rt.Base"`}})
	yaegiUser = reflect.StructOf([]reflect.StructField{
		{Name: "Base", Type: yaegiBase, Anonymous: true, Tag: `yaegi:"rt.User"`},
		{Name: "Xage", Type: reflect.TypeOf(0), Tag: `db:"age"`},
		{Name: "Name", Type: reflect.TypeOf("")},
		{Name: "Xtags", Type: reflect.TypeOf([]string(nil)), Tag: `json:"-"`},
	})
)

// registerTest registers the interpreter's User and Base as the rewriter would, with
// User's methods as functions of the receiver.
func registerTest(t *testing.T) string {
	session := "test-" + t.Name()
	t.Cleanup(func() { forgetReflect(session) })
	RegisterReflect(session, "rt.Base", reflect.Zero(yaegiBase).Interface(), []string{"ID"}, []bool{false}, []string{""}, nil, nil, nil, nil)
	str := reflect.MakeFunc(reflect.FuncOf([]reflect.Type{yaegiUser}, []reflect.Type{reflect.TypeOf("")}, false),
		func(in []reflect.Value) []reflect.Value { return []reflect.Value{in[0].Field(2)} })
	pstr := reflect.MakeFunc(reflect.FuncOf([]reflect.Type{reflect.PointerTo(yaegiUser)}, []reflect.Type{reflect.TypeOf("")}, false),
		func(in []reflect.Value) []reflect.Value { return []reflect.Value{in[0].Elem().Field(2)} })
	rename := reflect.MakeFunc(reflect.FuncOf([]reflect.Type{reflect.PointerTo(yaegiUser), reflect.TypeOf("")}, nil, false),
		func(in []reflect.Value) []reflect.Value { in[0].Elem().Field(2).Set(in[1]); return nil })
	RegisterReflect(session, "rt.User", reflect.Zero(yaegiUser).Interface(),
		[]string{"Base", "age", "Name", "tags"}, []bool{true, false, false, false}, []string{"", `db:"age"`, "", ""},
		[]string{"String"}, []any{str.Interface()}, []string{"Rename", "String"}, []any{rename.Interface(), pstr.Interface()})
	return session
}

func TestReflectTypeNames(t *testing.T) {
	session := registerTest(t)
	truth := reflect.TypeOf(User{})
	for _, c := range []struct{ yaegi, truth reflect.Type }{
		{yaegiUser, truth},
		{reflect.PointerTo(yaegiUser), reflect.TypeOf(&User{})},
		{reflect.MapOf(reflect.TypeOf(""), reflect.SliceOf(reflect.PointerTo(yaegiUser))), reflect.TypeOf(map[string][]*User{})},
		{reflect.FuncOf([]reflect.Type{yaegiUser, reflect.SliceOf(yaegiBase)}, []reflect.Type{yaegiBase, reflect.TypeOf((*error)(nil)).Elem()}, true),
			reflect.TypeOf(func(User, ...Base) (Base, error) { return Base{}, nil })},
		{reflect.ChanOf(reflect.RecvDir, yaegiBase), reflect.TypeOf(make(<-chan Base))},
	} {
		if got, want := ReflectTypeString(session, c.yaegi), c.truth.String(); got != want {
			t.Errorf("String: got %q, want %q", got, want)
		}
		if got, want := ReflectTypeName(session, c.yaegi), c.truth.Name(); got != want {
			t.Errorf("Name of %s: got %q, want %q", c.truth, got, want)
		}
	}
	// PkgPath is "main" in cells, the test package's path here.
	if got := ReflectTypePkgPath(session, yaegiUser); got != "main" {
		t.Errorf("PkgPath: got %q, want main", got)
	}
	if got := ReflectTypePkgPath(session, reflect.PointerTo(yaegiUser)); got != "" {
		t.Errorf("PkgPath of a pointer: got %q, want \"\"", got)
	}
}

func TestReflectTypeFields(t *testing.T) {
	session := registerTest(t)
	truth := reflect.TypeOf(User{})
	same := func(what string, got, want reflect.StructField) {
		t.Helper()
		wantPkg := want.PkgPath
		if wantPkg != "" {
			wantPkg = "main"
		}
		if got.Name != want.Name || got.PkgPath != wantPkg || got.Tag != want.Tag || got.Anonymous != want.Anonymous ||
			fmt.Sprint(got.Index) != fmt.Sprint(want.Index) || got.Offset != want.Offset || got.IsExported() != want.IsExported() {
			t.Errorf("%s: got %+v, want %+v", what, got, want)
		}
	}
	for i := 0; i < truth.NumField(); i++ {
		same(fmt.Sprintf("Field(%d)", i), ReflectTypeField(session, yaegiUser, i), truth.Field(i))
	}
	for _, name := range []string{"ID", "age", "Name", "tags", "Base", "Xage", "missing"} {
		got, ok := ReflectTypeFieldByName(session, yaegiUser, name)
		want, wantOK := truth.FieldByName(name)
		if ok != wantOK {
			t.Errorf("FieldByName(%q): ok %v, want %v", name, ok, wantOK)
			continue
		}
		same("FieldByName("+name+")", got, want)
	}
	same("FieldByIndex([0 0])", ReflectTypeFieldByIndex(session, yaegiUser, []int{0, 0}), truth.FieldByIndex([]int{0, 0}))
	got := ReflectVisibleFields(session, yaegiUser)
	want := reflect.VisibleFields(truth)
	if len(got) != len(want) {
		t.Fatalf("VisibleFields: %d fields, want %d", len(got), len(want))
	}
	for i := range want {
		same(fmt.Sprintf("VisibleFields[%d]", i), got[i], want[i])
	}
}

// TestReflectFieldByNameAmbiguous checks reflect's rule for a name promoted twice at
// one depth (no field) and hidden by a shallower one.
func TestReflectFieldByNameAmbiguous(t *testing.T) {
	type A struct{ X, Y int }
	type B struct{ X int }
	type C struct {
		A
		B
		Y string
	}
	session := "test-ambiguous"
	defer forgetReflect(session)
	ya := reflect.StructOf([]reflect.StructField{{Name: "X", Type: reflect.TypeOf(0), Tag: `yaegi:"main.A"`}, {Name: "Y", Type: reflect.TypeOf(0)}})
	yb := reflect.StructOf([]reflect.StructField{{Name: "X", Type: reflect.TypeOf(0), Tag: `yaegi:"main.B"`}})
	yc := reflect.StructOf([]reflect.StructField{{Name: "A", Type: ya, Tag: `yaegi:"main.C"`}, {Name: "B", Type: yb}, {Name: "Y", Type: reflect.TypeOf("")}})
	RegisterReflect(session, "main.A", reflect.Zero(ya).Interface(), []string{"X", "Y"}, []bool{false, false}, []string{"", ""}, nil, nil, nil, nil)
	RegisterReflect(session, "main.B", reflect.Zero(yb).Interface(), []string{"X"}, []bool{false}, []string{""}, nil, nil, nil, nil)
	// yaegi may leave the embedded fields not Anonymous: the registration says they are.
	RegisterReflect(session, "main.C", reflect.Zero(yc).Interface(), []string{"A", "B", "Y"}, []bool{true, true, false}, []string{"", "", ""}, nil, nil, nil, nil)
	truth := reflect.TypeOf(C{})
	for _, name := range []string{"X", "Y", "A"} {
		got, ok := ReflectTypeFieldByName(session, yc, name)
		want, wantOK := truth.FieldByName(name)
		if ok != wantOK || got.Name != want.Name || fmt.Sprint(got.Index) != fmt.Sprint(want.Index) || (ok && got.Type.Kind() != want.Type.Kind()) {
			t.Errorf("FieldByName(%q) = %v %v %v, want %v %v %v", name, got.Name, got.Index, ok, want.Name, want.Index, wantOK)
		}
	}
	var names, wantNames []string
	for _, f := range ReflectVisibleFields(session, yc) {
		names = append(names, fmt.Sprint(f.Name, f.Index))
	}
	for _, f := range reflect.VisibleFields(truth) {
		wantNames = append(wantNames, fmt.Sprint(f.Name, f.Index))
	}
	if strings.Join(names, " ") != strings.Join(wantNames, " ") {
		t.Errorf("VisibleFields: %v, want %v", names, wantNames)
	}
}

// recovered runs f and returns what it panicked with, as text ("" if it did not).
func recovered(f func()) (s string) {
	defer func() {
		if r := recover(); r != nil {
			s = fmt.Sprint(r)
		}
	}()
	f()
	return ""
}

func TestReflectValueUnexportedField(t *testing.T) {
	session := registerTest(t)
	yv := reflect.New(yaegiUser).Elem()
	var u User
	tv := reflect.ValueOf(&u).Elem()
	for _, name := range []string{"age", "Name", "ID"} {
		got := ReflectValueFieldByName(session, yv, name)
		want := tv.FieldByName(name)
		if got.CanSet() != want.CanSet() || got.CanInterface() != want.CanInterface() || got.CanAddr() != want.CanAddr() {
			t.Errorf("FieldByName(%q): CanSet %v CanInterface %v CanAddr %v, want %v %v %v", name,
				got.CanSet(), got.CanInterface(), got.CanAddr(), want.CanSet(), want.CanInterface(), want.CanAddr())
		}
	}
	got := recovered(func() { ReflectValueFieldByName(session, yv, "age").SetInt(3) })
	want := recovered(func() { tv.FieldByName("age").SetInt(3) })
	if got != want || got == "" {
		t.Errorf("SetInt on an unexported field panics with %q, want %q", got, want)
	}
	got = recovered(func() { ReflectValueField(session, yv, 1).Interface() })
	want = recovered(func() { tv.Field(1).Interface() })
	if got != want || got == "" {
		t.Errorf("Interface of an unexported field panics with %q, want %q", got, want)
	}
	yv.Field(1).SetInt(41) // the field itself is still read through the read-only value
	if n := ReflectValueField(session, yv, 1).Int(); n != 41 {
		t.Errorf("read-only field reads %d, want 41", n)
	}
	if ReflectValueFieldByName(session, yv, "missing").IsValid() {
		t.Errorf("FieldByName of a missing field is valid")
	}
}

func TestReflectMethods(t *testing.T) {
	session := registerTest(t)
	for _, c := range []struct{ yaegi, truth reflect.Type }{
		{yaegiUser, reflect.TypeOf(User{})},
		{reflect.PointerTo(yaegiUser), reflect.TypeOf(&User{})},
	} {
		if got, want := ReflectTypeNumMethod(session, c.yaegi), c.truth.NumMethod(); got != want {
			t.Errorf("NumMethod of %s: %d, want %d", c.truth, got, want)
		}
		for i := 0; i < c.truth.NumMethod(); i++ {
			got, want := ReflectTypeMethod(session, c.yaegi, i), c.truth.Method(i)
			if got.Name != want.Name || got.Index != want.Index ||
				ReflectTypeString(session, got.Type) != want.Type.String() {
				t.Errorf("Method(%d) of %s: %s %s, want %s %s", i, c.truth, got.Name, ReflectTypeString(session, got.Type), want.Name, want.Type)
			}
		}
		stringer := reflect.TypeOf((*fmt.Stringer)(nil)).Elem()
		if got, want := ReflectTypeImplements(session, c.yaegi, stringer), c.truth.Implements(stringer); got != want {
			t.Errorf("%s implements fmt.Stringer: %v, want %v", c.truth, got, want)
		}
		renamer := reflect.TypeOf((*interface{ Rename(string) })(nil)).Elem()
		if got, want := ReflectTypeImplements(session, c.yaegi, renamer), c.truth.Implements(renamer); got != want {
			t.Errorf("%s implements Rename: %v, want %v", c.truth, got, want)
		}
	}
	p := reflect.New(yaegiUser)
	ReflectValueMethodByName(session, p, "Rename").Call([]reflect.Value{reflect.ValueOf("ann")})
	if got := ReflectValueMethodByName(session, p.Elem(), "String").Call(nil)[0].String(); got != "ann" {
		t.Errorf("String after Rename: %q, want ann", got)
	}
	if ReflectValueMethodByName(session, p.Elem(), "Rename").IsValid() {
		t.Errorf("a value has the pointer method Rename")
	}
	if got, want := ReflectValueString(session, p), "<*rt.User Value>"; got != want {
		t.Errorf("Value.String: %q, want %q", got, want)
	}
}

func TestReflectTypeText(t *testing.T) {
	truth := reflect.TypeOf(map[string]*User{})
	yt := reflect.MapOf(reflect.TypeOf(""), reflect.PointerTo(yaegiUser))
	for _, f := range []string{"%v", "%s", "%q", "%30v|", "%-30s|", "%x"} {
		if got, want := fmt.Sprintf(f, ReflectTypeText(yt)), fmt.Sprintf(f, truth); got != want {
			t.Errorf("Sprintf(%q): %q, want %q", f, got, want)
		}
	}
	if got := ReflectTypeText(nil); got != nil {
		t.Errorf("ReflectTypeText(nil) = %v, want nil", got)
	}
}

func TestReflectUnregisteredLocalStruct(t *testing.T) {
	local := reflect.StructOf([]reflect.StructField{{Name: "Xa", Type: reflect.TypeOf(0), Tag: `yaegi:".point"`}})
	if got := ReflectTypeString("none", local); got != "main.point" {
		t.Errorf("String of a local type: %q, want main.point", got)
	}
	msg := recovered(func() { ReflectTypeField("none", local, 0) })
	if !strings.Contains(msg, "peerbook: reflect.Type.Field of type main.point is not supported in cells") {
		t.Errorf("Field of an unregistered cell struct panics with %q", msg)
	}
}
