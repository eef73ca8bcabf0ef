package eval

import (
	"reflect"
	"strings"
	"testing"

	"github.com/peerbook/peerbook/eval/internal/namedpool"
)

// Tests of patches 53 and 54 to the in-tree copy of yaegi
// (eval/third_party/yaegi/PATCHES.md): named types declared in cells from a predeclared
// type or the empty struct (patch 53), and named slice and map types of predeclared
// types (type Tags []string, type Counts map[string]int: patch 54), take a compiled
// named type of eval/internal/namedpool, so that their values keep their type in
// interfaces. Expected outputs are what `go run` prints for the same programs.

// Patch 53: named types of predeclared types and of the empty struct are types of their
// own in type switches, assertions, map[any] keys and context keys, and in %T and %#v.
func TestPatchNamedTypeIdentity(t *testing.T) {
	const code = `import (
	"context"
	"fmt"
)

type Celsius float64
type Fahrenheit float64
type ctxKey string
type ID int
type traceKey struct{}

const userKey ctxKey = "user"

func kind(v any) string {
	switch v.(type) {
	case Celsius:
		return "C"
	case Fahrenheit:
		return "F"
	case float64:
		return "f"
	}
	return "?"
}

ctx := context.WithValue(context.Background(), "user", "mallory")
ctx = context.WithValue(ctx, userKey, "alice")
ctx = context.WithValue(ctx, traceKey{}, 7)
_, isFloat := any(Celsius(2)).(float64)
m := map[any]int{ID(1): 1, 1: 2}
var c Celsius = 100
fmt.Println(kind(Celsius(1)), kind(Fahrenheit(1)), kind(1.0), isFloat)
fmt.Println(ctx.Value(userKey), ctx.Value("user"), ctx.Value(traceKey{}), ctx.Value(struct{}{}))
fmt.Println(len(m), m[ID(1)], m[1], c == 100, c+1)
fmt.Printf("%T %T %v %#v %T\n", any(c), any([]ID{1}), any(ID(3)), any(traceKey{}), any(map[ctxKey]ID{}))`
	const want = "C F f false\nalice mallory 7 <nil>\n2 1 2 true 101\nmain.Celsius []main.ID 3 main.traceKey{} map[main.ctxKey]main.ID\n"
	if got := cellStdout(t, code); got != want {
		t.Errorf("session: got\n%s\nwant (go run)\n%s", got, want)
	}
}

// Patch 53: with the pool of float64 types exhausted, a new type falls back to float64 and the
// session refuses, at compile time, what it could not tell apart; the types declared
// before keep their pool types.
func TestPatchNamedTypePoolExhausted(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, "type Before float64")
	release := exhaustPool(t, reflect.TypeOf(0.0))
	defer release()
	_, e, _ := run(t, s, `type After float64
func kind(v any) string {
	switch v.(type) {
	case After:
		return "after"
	case float64:
		return "float64"
	}
	return "?"
}`)
	if e == nil || !strings.Contains(e.Value, "type assertion to After is not supported in cells") {
		t.Fatalf("exhausted pool: want the refusal of case After, got %+v", e)
	}
	_, rec := mustExec(t, s, `import "fmt"
_, ok := any(Before(1)).(float64)
fmt.Println(ok)`)
	if out := rec.stream("stdout"); out != "false\n" {
		t.Errorf("a type declared before the pool ran out: got %q, want %q", out, "false\n")
	}
}

// A type declared again in a later cell (a cell run again) takes the pool type it had:
// the session's variables of the type, which its type check sees as of the new
// declaration, hold values of one type with the new ones (as struct types keep one
// reflect type, patch 5). A function's local types are each a type of their own.
func TestPatchNamedTypeRedeclared(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, "import \"fmt\"\ntype ID int\nvar old any = ID(1)\nids := []ID{1}\nm := map[ID]string{1: \"a\"}")
	_, rec := mustExec(t, s, `type ID int
_, same := old.(ID)
ids = append(ids, ID(3))
m[ID(2)] = "b"
fmt.Printf("%v %T %v %v %d\n", same, old, any(ID(1)) == old, ids, len(m))`)
	if out := rec.stream("stdout"); out != "true main.ID true [1 3] 2\n" {
		t.Errorf("got %q, want %q", out, "true main.ID true [1 3] 2\n")
	}
	// go run of the same declarations in a program.
	const local = `type key string

func a() any {
	type key string
	return key("k")
}

func b() any {
	type key string
	return key("k")
}

fmt.Println(a() == b(), a() == a(), a() == any(key("k")), a() == any("k"))
fmt.Printf("%T %T\n", a(), any(key("k")))`
	_, rec = mustExec(t, s, local)
	if out, want := rec.stream("stdout"), "false true false false\nmain.key main.key\n"; out != want {
		t.Errorf("local types: got %q, want %q (go run)", out, want)
	}
}

// Values of pool types through the interpreter's operations: methods with value and
// pointer receivers, a type defined from another (type Body Celsius, type F E), iota
// constants, switch on a constant, shifts, channels, arrays, conversions and
// comparisons of interfaces.
func TestPatchNamedTypeOperations(t *testing.T) {
	const code = `import ("fmt"; "sort"; "strings")
type Celsius float64
type Body Celsius
type E struct{}
type F E
type Counter int
func (c *Counter) Inc() { *c++ }
func (c Counter) String() string { return fmt.Sprintf("#%d", int(c)) }
type Level uint8
const (
	Low Level = iota + 1
	High
)
func (l Level) String() string { return [...]string{"?", "low", "high"}[l] }
type Word string
func (w Word) Len() int { return len(w) }
type Lener interface{ Len() int }
type Words []Word
var c Counter
c.Inc(); c.Inc()
p := &c
p.Inc()
var s fmt.Stringer = c
vals := []any{Body(1), Celsius(1), E{}, F{}, c, Low, High, Word("abc")}
for _, v := range vals {
	_, isC := v.(Celsius)
	_, isE := v.(E)
	fmt.Printf("%T %v %v %v\n", v, v, isC, isE)
}
fmt.Println(s, c, []Counter{1, 2}, map[Level]int{High: 2})
switch Celsius(100) {
case 100:
	fmt.Println("hundred")
}
var l Lener = Word("hello")
fmt.Println(l.Len(), l.(Word))
ws := Words{"b", "a", "c"}
sort.Slice(ws, func(i, j int) bool { return ws[i] < ws[j] })
fmt.Println(ws, strings.Repeat(string(ws[0]), 2), Word("x") + "y", len(Word("abc")))
x := 1 << Level(3)
fmt.Println(x, Level(1) << 1, High > Low, -Celsius(3), Body(2) * 2)
ch := make(chan Celsius, 1)
ch <- 5
fmt.Println(<-ch)
arr := [2]Celsius{1, 2}
fmt.Println(arr, arr == [2]Celsius{1, 2})
fmt.Println(any(Body(1)) == any(Celsius(1)), any(F{}) == any(E{}))`
	const want = "main.Body 1 false false\nmain.Celsius 1 true false\nmain.E {} false true\nmain.F {} false false\nmain.Counter #3 false false\nmain.Level low false false\nmain.Level high false false\nmain.Word abc false false\n#3 #3 [#1 #2] map[high:2]\nhundred\n5 hello\n[a b c] aa xy 3\n8 high true -3 4\n5\n[1 2] true\nfalse false\n"
	if got := cellStdout(t, code); got != want {
		t.Errorf("session: got\n%s\nwant (go run)\n%s", got, want)
	}
}

// Results that Go gives untyped (comparisons, constant expressions) stored in and
// returned as types with a pool type (type Flag bool), and strings, counters and
// struct fields of such types.
func TestPatchNamedTypeUntypedResults(t *testing.T) {
	const code = `import ("fmt"; "strings")
type Flag bool
type Celsius float64
type Name string
type Count int
func hot(c Celsius) Flag { return c > 30 }
func zero() Celsius { return 0 }
func one() (Celsius, Flag) { return 1, true }
var f Flag = 3 > 2
g := Flag(false)
g = !g
h := f && g
c, ok := one()
var n Name = "bob"
n += "!"
up := Name(strings.ToUpper(string(n)))
var cnt Count
cnt++
cnt += 2
cnt = cnt * cnt
k := Count(len("abc"))
fmt.Println(hot(31), hot(3), zero(), f, g, h, c, ok, n, up, cnt, k, n[0], len(n), n[1:3])
for i := Count(0); i < 3; i++ { fmt.Print(i, " ") }
fmt.Println()
var arr [3]Flag
arr[1] = 2 < 3
fmt.Println(arr, Flag(true) == f, any(f) == any(true), fmt.Sprint(any(f)))
m := map[Name][]Count{}
m["a"] = append(m["a"], 1, 2)
fmt.Println(m, len(m["a"]))
x := Celsius(7) / 2
y := int(x)
fmt.Printf("%v %v %.3f %T\n", x, y, float64(x), x)
var s fmt.Stringer
_ = s
type Pair struct{ A Name; B Count }
p := Pair{"x", 3}
p.B += 4
fmt.Printf("%v %+v %#v\n", p, p, p)`
	const want = "true false 0 true true true 1 true bob! BOB! 9 3 98 4 ob\n0 1 2 \n[false true false] true false true\nmap[a:[1 2]] 2\n3.5 3 3.500 main.Celsius\n{x 7} {A:x B:7} main.Pair{A:\"x\", B:7}\n"
	if got := cellStdout(t, code); got != want {
		t.Errorf("session: got\n%s\nwant (go run)\n%s", got, want)
	}
	// The same results as arguments, results, fields, elements, sent and appended.
	const code2 = `import "fmt"
type Flag bool
type Count int
type Rec struct{ F Flag; C Count }
func take(f Flag, c Count) string { return fmt.Sprint(f, c) }
func two(a, b int) (Flag, error) { return a > b, nil }
a, b := 3, 2
n := 3
fmt.Println(take(a > b, 1<<n))
ch := make(chan Flag, 2)
ch <- a > b
fmt.Println(<-ch)
m := map[string]Flag{}
m["x"] = a < b
fmt.Println(m)
r := Rec{F: a > b, C: 1 << n}
r2 := Rec{a == b, 2}
fmt.Println(r, r2)
fs := []Flag{a > b, a < b}
fs = append(fs, a == 3)
fmt.Println(fs)
f2, err := two(a, b)
fmt.Println(f2, err)
var c Count = 1 << n
c <<= n
var p *Flag = new(Flag)
*p = a > b
fmt.Println(c, *p)
g := func() Flag { return a != b }
fmt.Println(g())
var arr [2]Count
arr[0] = 1 << n
fmt.Println(arr)
x, y := Count(1), Count(2)
x, y = y, x
fmt.Println(x, y)
var fl Flag
fl = a > b && b > 0
fmt.Println(fl, !fl)
type Tagged struct{ Ok Flag }
t := Tagged{}
t.Ok = b > a
fmt.Println(t)`
	const want2 = "true 8\ntrue\nmap[x:false]\n{true 8} {false 2}\n[true false true]\ntrue <nil>\n64 true\ntrue\n[8 0]\n2 1\ntrue false\n{false}\n"
	if got := cellStdout(t, code2); got != want2 {
		t.Errorf("session: got\n%s\nwant (go run)\n%s", got, want2)
	}
	// Variadic arguments, min and max, a select sending, unary operators, sort, maps.
	const code3 = `import ("fmt"; "sort"; "strconv")
type Flag bool
type Count int
type Celsius float64
type Name string
func all(fs ...Flag) Flag {
	for _, f := range fs {
		if !f { return false }
	}
	return true
}
func sum(cs ...Count) (t Count) {
	for _, c := range cs { t += c }
	return
}
a, b := 3, 2
n := 2
fmt.Println(all(a > b, b > 0), all(), all([]Flag{a < b}...), sum(1, 2, 1<<n), sum())
fmt.Println(min(Celsius(3), 2.5), max(Count(1), Count(n)), min(Name("b"), "a"))
ch := make(chan Flag, 1)
select {
case ch <- a > b:
	fmt.Println("sent", <-ch)
}
defer func() {}()
var c Count = 5
c = -c
d := ^c
fmt.Println(c, d, c%3, c/2)
names := []Name{"b", "c", "a"}
sort.Slice(names, func(i, j int) bool { return names[i] < names[j] })
idx := sort.Search(len(names), func(i int) bool { return names[i] >= "b" })
fmt.Println(names, idx, Name(strconv.Itoa(int(c))))
counts := map[Name]Count{}
for _, nm := range names { counts[nm] += Count(len(nm)) }
fmt.Println(counts)
var total Celsius
for i := 0; i < 3; i++ { total += Celsius(i) * 1.5 }
fmt.Println(total, total > 4, Flag(total > 4))
type Op func(Count) Count
double := Op(func(x Count) Count { return x * 2 })
fmt.Println(double(21))`
	const want3 = "true true false 7 0\n2.5 2 a\nsent true\n-5 4 -2 -2\n[a b c] 1 -5\nmap[a:1 b:1 c:1]\n4.5 true true\n42\n"
	if got := cellStdout(t, code3); got != want3 {
		t.Errorf("session: got\n%s\nwant (go run)\n%s", got, want3)
	}
}

// BenchmarkNamedTypeLoop compares an interpreted loop over a type with a pool type
// (type Celsius float64) with the same loop over float64, side by side.
func BenchmarkNamedTypeLoop(b *testing.B) {
	for _, typ := range []string{"float64", "Celsius"} {
		b.Run(typ, func(b *testing.B) {
			setup := "type Celsius float64\nfunc loop() bool {\n\tvar s " + typ + "\n\tm := map[any]int{}\n\tfor i := 0; i < 1000; i++ {\n\t\ts += " + typ + "(i) * 1.5\n\t\tm[s] = i\n\t}\n\treturn s > 0\n}"
			benchCell(b, setup, func(int) string { return "loop()" })
		})
	}
}

// %reset and Close give the session's pool types back; a type declared again after
// %reset takes one again.
func TestPatchNamedTypeReleasedOnReset(t *testing.T) {
	u := reflect.TypeOf(uint32(0))
	free := namedpool.Free(u)
	s := newSession(t)
	mustExec(t, s, "type A uint32\ntype B uint32\nvar a any = A(1)")
	if got := namedpool.Free(u); got != free-2 {
		t.Fatalf("after declaring two uint32 types: %d free, want %d", got, free-2)
	}
	mustExec(t, s, "%reset")
	if got := namedpool.Free(u); got != free {
		t.Errorf("after %%reset: %d free, want %d", got, free)
	}
	_, rec := mustExec(t, s, "import \"fmt\"\ntype A uint32\n_, ok := any(A(1)).(uint32)\nfmt.Printf(\"%T %v\\n\", any(A(1)), ok)")
	if out := rec.stream("stdout"); out != "main.A false\n" {
		t.Errorf("after %%reset: got %q, want %q", out, "main.A false\n")
	}
	s.Close()
	if got := namedpool.Free(u); got != free {
		t.Errorf("after Close: %d free, want %d", got, free)
	}
}

// Patch 54: named slice and map types declared in cells are types of their own in type
// switches, assertions, %T and %#v, and encoding/json, and keep their methods.
func TestPatchNamedCompositeIdentity(t *testing.T) {
	const code = `import (
	"encoding/json"
	"fmt"
	"sort"
)

type Tags []string
type Names []string
type Counts map[string]int
type Set map[string]struct{}
type Matrix [][]float64

type Stack []int

func (s *Stack) Push(v int) { *s = append(*s, v) }
func (s Stack) Top() int    { return s[len(s)-1] }

func kind(v any) string {
	switch x := v.(type) {
	case Tags:
		return "Tags"
	case Names:
		return "Names"
	case []string:
		return "[]string"
	case Counts:
		return "Counts"
	case map[string]int:
		return "map"
	case Set:
		return "Set"
	case Matrix:
		return "Matrix"
	case Stack:
		return fmt.Sprint("Stack ", x.Top())
	case []int:
		return "[]int"
	}
	return "?"
}

var s Stack
s.Push(4)
for _, v := range []any{Tags{"a"}, Names{"b"}, []string{"c"}, Counts{}, map[string]int{}, Set{}, Matrix{{1}}, [][]float64{}, s, []int{1}} {
	fmt.Print(kind(v), " ")
}
fmt.Println()
_, ok := any([]string{"x"}).(Tags)
n, ok2 := any(Names{"y"}).(Names)
fmt.Println(ok, ok2, n)
fmt.Printf("%T %T %T %v %#v\n", any(Tags{}), []any{Counts{}}[0], any(&s), any(Set{"k": {}}), any(Tags{"q"}))
b, _ := json.Marshal(map[string]any{"t": Tags{"a"}, "c": Counts{"x": 1}})
fmt.Println(string(b))
var c Counts
json.Unmarshal([]byte(` + "`" + `{"b":2,"a":1}` + "`" + `), &c)
keys := make([]string, 0)
for k := range c {
	keys = append(keys, k)
}
sort.Strings(keys)
fmt.Printf("%T %v\n", c, keys)`
	const want = "Tags Names []string Counts map Set Matrix ? Stack 4 []int \n" +
		"false true [y]\n" +
		"main.Tags main.Counts *main.Stack map[k:{}] main.Tags{\"q\"}\n" +
		"{\"c\":{\"x\":1},\"t\":[\"a\"]}\n" +
		"main.Counts [a b]\n"
	if got := cellStdout(t, code); got != want {
		t.Errorf("session: got\n%s\nwant (go run)\n%s", got, want)
	}
}

// Patch 54: with the pool of []string types exhausted, a new type falls back to []string and the
// session refuses, at compile time, what it could not tell apart; the types declared
// before keep their pool types.
func TestPatchNamedCompositePoolExhausted(t *testing.T) {
	s := newSession(t)
	mustExec(t, s, "type Before []string")
	release := exhaustPool(t, reflect.TypeOf([]string(nil)))
	defer release()
	_, e, _ := run(t, s, `type After []string
func kind(v any) string {
	switch v.(type) {
	case After:
		return "after"
	case []string:
		return "[]string"
	}
	return "?"
}`)
	if e == nil || !strings.Contains(e.Value, "type assertion to After is not supported in cells") {
		t.Fatalf("exhausted pool: want the refusal of case After, got %+v", e)
	}
	_, rec := mustExec(t, s, `import "fmt"
_, ok := any(Before{"x"}).([]string)
fmt.Printf("%v %T\n", ok, any(Before{}))`)
	if out := rec.stream("stdout"); out != "false main.Before\n" {
		t.Errorf("a type declared before the pool ran out: got %q, want %q", out, "false main.Before\n")
	}
	// %T of a value of the type that found no pool type, held in an interface: refused
	// when it runs (go run prints main.Late).
	_, e, rec = run(t, s, "import \"fmt\"\ntype Late []string\nvar v any = Late{\"x\"}\nfmt.Printf(\"%T\\n\", v)")
	if e == nil || !strings.Contains(e.Value, "main.Late is also a []string at run time") || rec.stream("stdout") != "" {
		t.Errorf("%%T of a type without a pool type: want the refusal, got %+v, output %q", e, rec.stream("stdout"))
	}
	// And a Late in an interface would pass for a []string: the assertion is refused now.
	_, e, _ = run(t, s, "_, ok := any(Before{\"x\"}).([]string)")
	if e == nil || !strings.Contains(e.Value, "type assertion to []string is not supported in cells") {
		t.Errorf("assertion to []string once a Late was put in an interface: want the refusal, got %+v", e)
	}
}

// Patch 54: a type declared again in a later cell takes the pool type it had (the values
// of earlier cells are of the type); a function's local types are each a type of their
// own.
func TestPatchNamedCompositeRedeclared(t *testing.T) {
	u := reflect.TypeOf(map[string]int(nil))
	free := namedpool.Free(u)
	s := newSession(t)
	mustExec(t, s, "import \"fmt\"\ntype Counts map[string]int\nvar old any = Counts{\"a\": 1}\nall := []Counts{{\"b\": 2}}")
	_, rec := mustExec(t, s, `type Counts map[string]int
c, same := old.(Counts)
all = append(all, Counts{"c": 3})
fmt.Printf("%v %v %T %v\n", same, c["a"], old, all)`)
	if out, want := rec.stream("stdout"), "true 1 main.Counts [map[b:2] map[c:3]]\n"; out != want {
		t.Errorf("got %q, want %q", out, want)
	}
	if got := namedpool.Free(u); got != free-1 {
		t.Errorf("a type declared twice took %d pool types, want 1", free-got)
	}
	// go run of the same declarations in a program.
	const local = `type bag map[string]int

func a() any {
	type bag map[string]int
	return bag{}
}

func b() any {
	type bag map[string]int
	return bag{}
}

func kind(v any) string {
	switch v.(type) {
	case bag:
		return "bag"
	case map[string]int:
		return "map"
	}
	return "local"
}

_, isMap := a().(map[string]int)
fmt.Println(kind(a()), kind(b()), kind(bag{}), kind(map[string]int{}), isMap)
fmt.Printf("%T %T\n", a(), any(bag{}))`
	_, rec = mustExec(t, s, local)
	if out, want := rec.stream("stdout"), "local local bag map false\nmain.bag main.bag\n"; out != want {
		t.Errorf("local types: got %q, want %q (go run)", out, want)
	}
	mustExec(t, s, "%reset")
	if got := namedpool.Free(u); got != free {
		t.Errorf("after %%reset: %d free, want %d", got, free)
	}
}

// BenchmarkNamedCompositeLoop appends to and indexes a named slice type (a pool type)
// beside the same loop over []int.
func BenchmarkNamedCompositeLoop(b *testing.B) {
	for _, typ := range []string{"[]int", "Ints"} {
		b.Run(strings.TrimPrefix(typ, "[]"), func(b *testing.B) {
			setup := "type Ints []int\nfunc loop() int {\n\tvar s " + typ + "\n\tfor i := 0; i < 1000; i++ {\n\t\ts = append(s, i)\n\t}\n\tt := 0\n\tfor i := range s {\n\t\tt += s[i]\n\t}\n\treturn t\n}"
			benchCell(b, setup, func(int) string { return "loop()" })
		})
	}
}
