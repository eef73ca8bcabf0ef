package eval

import (
	"strings"
	"testing"
)

// reflect on values of cell types answers as Go does (eval/internal/rewrite/reflect.go);
// the corpus programs rf_* and c_reflect_* compare whole programs with go run. These
// check the paths a session adds: types of earlier cells, values held in interfaces.
func TestReflectCellTypesAcrossCells(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, "type Temp float64\ntype Reading struct {\n\tAt   int64 `unit:\"s\"`\n\ttemp Temp\n}\nfunc (r Reading) Temp() Temp { return r.temp }")
	mustExec(t, s, "r := Reading{At: 5, temp: 21.5}\nvar held any = r\nvar temps = []any{Temp(1), &r}")
	for _, c := range []struct{ code, want string }{
		// Go: the names, unexported field and method of the types of the first cell.
		{"import \"reflect\"\nt := reflect.TypeOf(held)\nt.String() + \" \" + t.Name() + \" \" + t.Field(1).Name + \" \" + t.Field(1).PkgPath + \" \" + t.Field(0).Tag.Get(\"unit\")",
			"main.Reading Reading temp main s"},
		{"reflect.TypeOf(temps[0]).String() + \" \" + reflect.TypeOf(temps[1]).String()", "main.Temp *main.Reading"},
		{"reflect.ValueOf(held).MethodByName(\"Temp\").Call(nil)[0].Float()", "21.5"},
		{"reflect.ValueOf(&r).Elem().FieldByName(\"temp\").CanSet()", "false"},
		{"reflect.TypeOf(temps[1]).NumMethod()", "1"},
	} {
		if out, _ := mustExec(t, s, c.code); out != c.want {
			t.Errorf("%s\ngot %q, want %q", c.code, out, c.want)
		}
	}
}

// A value of a type made of a cell interface, held in an interface, is refused when
// reflect.TypeOf runs: its reflect type would show the interpreter's stand-in.
func TestReflectCellInterfaceHeldRefusedAtRunTime(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, "import \"reflect\"\ntype Shape interface{ Area() float64 }\ntype Sq struct{ S float64 }\nfunc (q Sq) Area() float64 { return q.S * q.S }\ntype Scene struct{ Items []Shape }")
	_, e, _ := run(t, s, "var held any = Scene{[]Shape{Sq{2}}}\nn := reflect.TypeOf(held).NumField()")
	if e == nil || !strings.Contains(e.Value, "peerbook: reflect.TypeOf of a value of type main.Scene is not supported in cells") {
		t.Fatalf("want the reflect of a Scene refused when it runs, got %v", e)
	}
	if out, _ := mustExec(t, s, "var sq any = Sq{3}\nreflect.TypeOf(sq).String()"); out != "main.Sq" {
		t.Errorf("after the refusal: got %q, want main.Sq", out)
	}
}

// reflectWalk is a cell that walks the fields of a value's type 1000 times, reading the
// names, tags and kinds a struct walker reads.
const reflectWalk = "n := 0\nfor i := 0; i < 1000; i++ {\n\tt := reflect.TypeOf(v)\n\tfor j := 0; j < t.NumField(); j++ {\n\t\tf := t.Field(j)\n\t\tn += len(f.Name) + len(f.Tag.Get(\"json\")) + int(f.Type.Kind())\n\t}\n}\nn"

// BenchmarkReflectWalkCellStruct walks a struct type declared in a cell, whose reflect
// calls go to package rt; BenchmarkReflectWalkCompiledStruct is the same walk of a
// compiled struct type with the same fields (net/mail.Address has two), calls that go to
// reflect directly.
func BenchmarkReflectWalkCellStruct(b *testing.B) {
	benchCell(b, "import \"reflect\"\ntype Address struct {\n\tName    string `json:\"name\"`\n\tAddress string `json:\"address\"`\n}\nvar v = Address{}",
		func(int) string { return reflectWalk })
}

func BenchmarkReflectWalkCompiledStruct(b *testing.B) {
	benchCell(b, "import (\n\t\"net/mail\"\n\t\"reflect\"\n)\nvar v = mail.Address{}",
		func(int) string { return reflectWalk })
}
