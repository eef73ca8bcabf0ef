package main

import (
	"fmt"
	"strings"
)

type Path []string
type Headers map[string]string
type Visitor func(string) bool
type Token string
type Tokens []Token

func kind(v any) string {
	switch x := v.(type) {
	case Path:
		return "path " + strings.Join(x, "/")
	case []string:
		return fmt.Sprintf("plain slice of %d", len(x))
	case Headers:
		return "headers with " + x["Host"]
	case map[string]string:
		return "plain map"
	case Visitor:
		return fmt.Sprint("visitor ", x("a"))
	case func(string) bool:
		return fmt.Sprint("plain func ", x("a"))
	case Tokens:
		return fmt.Sprintf("tokens %v", []Token(x))
	case Token, string:
		return fmt.Sprintf("text %T", x)
	case nil:
		return "nil"
	}
	return fmt.Sprintf("other %T", v)
}

func main() {
	vals := []any{
		Path{"usr", "bin"}, []string{"x"}, Headers{"Host": "go.dev"}, map[string]string{},
		Visitor(func(s string) bool { return s == "a" }), func(s string) bool { return false },
		Tokens{"if", "else"}, []Token{"for"}, Token("t"), "s", nil, Path(nil),
	}
	for _, v := range vals {
		fmt.Println(kind(v))
	}
	var p Path = []string{"a"}
	_, isSlice := any(p).([]string)
	fmt.Println("Path is []string:", isSlice, len([]string(p)))
}
