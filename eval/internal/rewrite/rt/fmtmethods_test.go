package rt

import (
	"errors"
	"fmt"
	"log/slog"
	"reflect"
	"strings"
	"testing"
)

// Compiled types with the methods a cell type registers: fmt's own output for them is what
// the printer must give for values described as the cell's types.

type goMoney int64

func (m goMoney) Format(f fmt.State, verb rune) {
	if verb == 'd' {
		fmt.Fprintf(f, "%d", int64(m))
		return
	}
	s := fmt.Sprintf("%d.%02d", int64(m)/100, int64(m)%100)
	if f.Flag('+') {
		s = "EUR " + s
	}
	if w, ok := f.Width(); ok {
		s = fmt.Sprintf("%*s", w, s)
	}
	fmt.Fprint(f, s)
}

type goSecret string

func (goSecret) GoString() string { return `Secret("***")` }
func (goSecret) String() string   { return "***" }

type goBoom int

func (b goBoom) Format(f fmt.State, verb rune) {
	if b == 0 {
		panic("zero boom")
	}
	fmt.Fprintf(f, "boom%d", int(b))
}

type goPtrFmt struct{ n int }

func (p *goPtrFmt) Format(f fmt.State, verb rune) { fmt.Fprintf(f, "P%d", p.n) }

// registerFmtTypes describes goMoney, goSecret and goBoom as cell types of session (as
// main.Money, main.Secret, main.Boom over plain int64, string and int values, the way
// yaegi holds them) and registers their methods as functions of the receiver.
func registerFmtTypes(session string) (money, secret, boom, ptr *Type) {
	money = &Type{Kind: Named, Name: "main.Money", Session: session, Elem: &Type{Kind: Plain, Name: "int64"}}
	secret = &Type{Kind: Named, Name: "main.Secret", Session: session, Elem: &Type{Kind: Plain, Name: "string"}}
	boom = &Type{Kind: Named, Name: "main.Boom", Session: session, Elem: &Type{Kind: Plain, Name: "int"}}
	pt := &Type{Kind: Named, Name: "main.P", Session: session, Elem: &Type{Kind: Plain, Name: "struct { n int }"}}
	ptr = &Type{Kind: Pointer, Name: "*main.P", Session: session, Elem: pt}
	for _, t := range []*Type{money, secret, boom, pt} {
		Register(t)
	}
	moneyFormat := func(m int64, f fmt.State, verb rune) { goMoney(m).Format(f, verb) }
	RegisterFmt(session, "main.Money", [3]any{nil, moneyFormat}, [3]any{nil, func(m *int64, f fmt.State, verb rune) { goMoney(*m).Format(f, verb) }})
	RegisterNamed(session, "main.Secret", "", [5]any{func(s string) string { return goSecret(s).String() }}, [5]any{})
	RegisterFmt(session, "main.Secret", [3]any{func(s string) string { return goSecret(s).GoString() }}, [3]any{})
	RegisterFmt(session, "main.Boom", [3]any{nil, func(b int, f fmt.State, verb rune) { goBoom(b).Format(f, verb) }}, [3]any{})
	RegisterFmt(session, "main.P", [3]any{}, [3]any{nil, func(p *goPtrFmt, f fmt.State, verb rune) { p.Format(f, verb) }})
	return money, secret, boom, ptr
}

// fmtGoNames renames the compiled stand-ins as the cell types they stand for.
var fmtGoNames = strings.NewReplacer("rt.goMoney", "main.Money", "rt.goSecret", "main.Secret", "rt.goBoom", "main.Boom", "rt.goPtrFmt", "main.P")

func TestShowCallsFormatAndGoStringLikeFmt(t *testing.T) {
	const session = "test-fmt-methods"
	defer Forget(session)
	money, secret, boom, ptr := registerFmtTypes(session)
	id := func(t *Type) int { return Register(t) }
	moneys := &Type{Kind: Slice, Name: "[]main.Money", Session: session, Elem: money}
	secrets := &Type{Kind: Map, Name: "map[string]main.Secret", Session: session, Key: &Type{Kind: Plain, Name: "string"}, Elem: secret}
	booms := &Type{Kind: Slice, Name: "[]main.Boom", Session: session, Elem: boom}
	var nilP *goPtrFmt
	cases := []struct {
		format    string
		got, want []any
	}{
		{"%v|%+v|%d|%8v|%x", []any{Show(int64(1234), id(money)), Show(int64(5), id(money)), Show(int64(7), id(money)), Show(int64(99), id(money)), Show(int64(1), id(money))},
			[]any{goMoney(1234), goMoney(5), goMoney(7), goMoney(99), goMoney(1)}},
		{"%v %+v %#v", []any{Show([]int64{1, 250}, id(moneys)), Show([]int64{3}, id(moneys)), Show([]int64{4}, id(moneys))},
			[]any{[]goMoney{1, 250}, []goMoney{3}, []goMoney{4}}},
		{"%#v|%v|%s|%#10v|%#.3v", []any{Show("pw", id(secret)), Show("pw", id(secret)), Show("pw", id(secret)), Show("pw", id(secret)), Show("pw", id(secret))},
			[]any{goSecret("pw"), goSecret("pw"), goSecret("pw"), goSecret("pw"), goSecret("pw")}},
		{"%#v %v", []any{Show(map[string]string{"k": "v"}, id(secrets)), Show(map[string]string{"k": "v"}, id(secrets))},
			[]any{map[string]goSecret{"k": "v"}, map[string]goSecret{"k": "v"}}},
		{"%v %d %x|%8v|", []any{Show(1, id(boom)), Show(0, id(boom)), Show([]int{2, 0}, id(booms)), Show(0, id(boom))},
			[]any{goBoom(1), goBoom(0), []goBoom{2, 0}, goBoom(0)}},
		{"%v %v [%6v]", []any{Show(&goPtrFmt{3}, id(ptr)), Show(nilP, id(ptr)), Show(nilP, id(ptr))},
			[]any{&goPtrFmt{3}, nilP, nilP}},
	}
	for _, c := range cases {
		got := fmt.Sprintf(c.format, c.got...)
		want := fmtGoNames.Replace(fmt.Sprintf(c.format, c.want...))
		if got != want {
			t.Errorf("Sprintf(%q): got %q, want %q (fmt on the compiled types)", c.format, got, want)
		}
	}
}

// ShowSharp's dry run of a %#v operand calls no method of the cell (a method with side
// effects would run twice).
func TestShowSharpCallsNoMethod(t *testing.T) {
	const session = "test-fmt-dry"
	defer Forget(session)
	calls := 0
	st := &Type{Kind: Named, Name: "main.S", Session: session, Elem: &Type{Kind: Plain, Name: "int"}}
	id := Register(st)
	RegisterFmt(session, "main.S", [3]any{func(int) string { calls++; return "S" }}, [3]any{})
	if got := fmt.Sprintf("%#v", ShowSharp(1, id)); got != "S" || calls != 1 {
		t.Errorf("got %q after %d calls of GoString, want \"S\" after 1", got, calls)
	}
}

type goFmtErr struct{ msg string }

func (e *goFmtErr) Error() string { return e.msg }

func (e *goFmtErr) Format(f fmt.State, verb rune) {
	if f.Flag('+') {
		fmt.Fprint(f, "detail: "+e.msg)
		return
	}
	fmt.Fprint(f, e.msg)
}

// A boxed error of a type with a Format method formats as the value does, also as the
// %w operand of fmt.Errorf.
func TestBoxedErrorFormats(t *testing.T) {
	const session = "test-fmt-box"
	defer Forget(session)
	named := &Type{Kind: Named, Name: "main.E", Session: session, Elem: &Type{Kind: Plain, Name: "struct { msg string }"}}
	Register(named)
	errFn := func(e *goFmtErr) string { return e.Error() }
	RegisterNamed(session, "main.E", goFmtErr{}, [5]any{}, [5]any{errFn})
	RegisterFmt(session, "main.E", [3]any{}, [3]any{nil, func(e *goFmtErr, f fmt.State, verb rune) { e.Format(f, verb) }})
	v := &goFmtErr{"bad"}
	boxed := BoxError(v, v, session)
	if got, want := fmt.Sprintf("%v|%+v|%s", boxed, boxed, boxed), fmt.Sprintf("%v|%+v|%s", v, v, v); got != want {
		t.Errorf("boxed: got %q, want %q", got, want)
	}
	w := fmt.Errorf("ctx: %w", boxed)
	if got, want := w.Error(), fmt.Errorf("ctx: %w", v).Error(); got != want || !errors.Is(w, boxed) {
		t.Errorf("wrapped: got %q (Is %v), want %q", got, errors.Is(w, boxed), want)
	}
}

type goValuer string

func (g goValuer) LogValue() slog.Value { return slog.StringValue("REDACTED:" + string(g)) }

// SlogValue gives slog a LogValuer for a type with LogValue, an error for a type with
// Error, and a value that formats with the printer otherwise; slog's output for those is
// the output for the compiled types.
func TestSlogValueLikeCompiledTypes(t *testing.T) {
	const session = "test-slog"
	defer Forget(session)
	money, secret, _, _ := registerFmtTypes(session)
	valuer := &Type{Kind: Named, Name: "main.V", Session: session, Elem: &Type{Kind: Plain, Name: "string"}}
	Register(valuer)
	RegisterFmt(session, "main.V", [3]any{nil, nil, func(s string) slog.Value { return goValuer(s).LogValue() }}, [3]any{})
	log := func(json bool, args ...any) string {
		var b strings.Builder
		var h slog.Handler = slog.NewTextHandler(&b, &slog.HandlerOptions{ReplaceAttr: dropTime})
		if json {
			h = slog.NewJSONHandler(&b, &slog.HandlerOptions{ReplaceAttr: dropTime})
		}
		slog.New(h).Info("m", args...)
		return b.String()
	}
	for _, json := range []bool{false, true} {
		got := log(json, "m", SlogValue(int64(1250), Register(money)), "s", SlogValue("pw", Register(secret)),
			"v", SlogValue("x", Register(valuer)), "n", SlogValue(3, Register(&Type{Kind: Interface, Session: session})))
		want := log(json, "m", goMoney(1250), "s", goSecret("pw"), "v", goValuer("x"), "n", 3)
		if got != want {
			t.Errorf("json=%v: got %q, want %q", json, got, want)
		}
	}
}

func dropTime(groups []string, a slog.Attr) slog.Attr {
	if a.Key == slog.TimeKey && len(groups) == 0 {
		return slog.Attr{}
	}
	return a
}

// formatArgs reads a format when the call runs: %T of a shown operand prints the cell
// type's name, %p and * operands reach fmt as they are, argument indexes are followed
// (an operand used by two verbs keeps its methods for the other); the output is fmt's for
// the compiled stand-in types.
func TestFormatArgsLikeFmt(t *testing.T) {
	const session = "test-fmt-args"
	defer Forget(session)
	money, secret, _, _ := registerFmtTypes(session)
	m := func(v int64) any { return shown{v: reflect.ValueOf(v), t: money} }
	s := func(v string) any { return shown{v: reflect.ValueOf(v), t: secret} }
	cases := []struct {
		format    string
		got, want []any
	}{
		{"%T %v %d", []any{m(1), m(250), m(3)}, []any{goMoney(1), goMoney(250), goMoney(3)}},
		{"%[1]T %[1]v %[1]d %[2]T|%v", []any{m(99), s("pw")}, []any{goMoney(99), goSecret("pw")}},
		{"%*d|%-*v|%.*v|", []any{5, m(42), 8, m(2), 1, s("x")}, []any{5, goMoney(42), 8, goMoney(2), 1, goSecret("x")}},
		{"100%% %v %#v", []any{m(1), s("y")}, []any{goMoney(1), goSecret("y")}},
		{"%[3]v %v", []any{m(1)}, []any{goMoney(1)}},
		{"%v %v", []any{m(1), m(2), m(3)}, []any{goMoney(1), goMoney(2), goMoney(3)}},
	}
	for _, c := range cases {
		f, args := formatArgs(c.format, c.got)
		got := fmt.Sprintf(f, args...)
		want := fmtGoNames.Replace(fmt.Sprintf(c.format, c.want...))
		if got != want {
			t.Errorf("%q: got %q (as %q), want %q", c.format, got, f, want)
		}
	}
}

// Printing a value of a cell type with a Format method through the printer, side by side
// with fmt on the compiled type (the reference): the cost of the description and the
// reflect call of the registered method.
func BenchmarkShowFormat(b *testing.B) {
	const session = "bench-fmt"
	defer Forget(session)
	money, _, _, _ := registerFmtTypes(session)
	id := Register(money)
	b.Run("printer", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			_ = fmt.Sprintf("%v %+8v", Show(int64(i), id), Show(int64(i), id))
		}
	})
	b.Run("compiled", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			_ = fmt.Sprintf("%v %+8v", goMoney(i), goMoney(i))
		}
	})
}
