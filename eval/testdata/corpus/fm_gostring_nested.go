// GoString hides secrets in %#v, at the top and nested in fields, slices, maps and pointers.
package main

import "fmt"

type Secret string

func (Secret) GoString() string { return `Secret("***")` }

type Token struct{ ID, Value string }

func (t *Token) GoString() string { return fmt.Sprintf("&Token{ID:%q}", t.ID) }

type Config struct {
	Host  string
	Pass  Secret
	Keys  []Secret
	ByEnv map[string]Secret
	Tok   *Token
	Any   any
	hid   Secret
}

type Level int

func (l Level) String() string   { return [...]string{"low", "mid", "high"}[l] }
func (l Level) GoString() string { return "Level(" + l.String() + ")" }

func main() {
	c := Config{
		Host:  "db",
		Pass:  "hunter2",
		Keys:  []Secret{"a", "b"},
		ByEnv: map[string]Secret{"prod": "p"},
		Tok:   &Token{"t1", "xyz"},
		Any:   Secret("s"),
		hid:   "h",
	}
	fmt.Printf("%#v\n", c)
	fmt.Printf("%#v\n", c.Pass)
	fmt.Printf("%#v\n", c.Keys)
	fmt.Printf("%#v\n", c.ByEnv)
	fmt.Printf("%#v\n", c.Tok)
	fmt.Printf("%#v\n", *c.Tok)
	fmt.Printf("%#v\n", c.Any)
	fmt.Printf("%#v\n", c.hid)
	fmt.Printf("%v %s\n", c.Pass, c.Pass)
	fmt.Printf("%#v\n", []any{c.Pass, Level(2), 3})
	fmt.Printf("%#v|%v|%d|%#12v|%-12#v|\n", Level(1), Level(1), Level(1), Level(0), Level(2))
	fmt.Printf("%#v\n", map[Level]Secret{0: "x", 2: "y"})
	fmt.Printf("%#v\n", []*Token{c.Tok, nil})
	var nilTok *Token
	fmt.Printf("%#v\n", nilTok)
	fmt.Printf("%#v\n", struct{ L Level }{1})
	ps := &c.Pass
	fmt.Printf("%#v\n", ps == nil)
	fmt.Printf("%#v\n", [2]Secret{"x", "y"})
	fmt.Printf("%#.3v|\n", Secret("z"))
	fmt.Println(fmt.Sprintf("%#v", c.Pass) == `Secret("***")`)
}
