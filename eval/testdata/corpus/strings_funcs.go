// Functions of package strings.
package main

import (
	"fmt"
	"strings"
)

func main() {
	s := "  Hello, World! Hello!  "
	t := strings.TrimSpace(s)
	fmt.Printf("%q\n", t)
	fmt.Println(strings.ToUpper(t), strings.ToLower(t))
	fmt.Println(strings.Contains(t, "World"), strings.HasPrefix(t, "Hell"), strings.HasSuffix(t, "!"))
	fmt.Println(strings.Index(t, "o"), strings.LastIndex(t, "o"), strings.Count(t, "l"))
	fmt.Println(strings.Replace(t, "Hello", "Bye", 1), strings.ReplaceAll(t, "Hello", "Bye"))
	fmt.Printf("%q\n", strings.Split("a,b,,c", ","))
	fmt.Printf("%q\n", strings.Fields(" a  b \t c\n"))
	fmt.Println(strings.Join([]string{"x", "y", "z"}, "-"))
	fmt.Println(strings.Repeat("ab", 3), strings.Title("go"), strings.EqualFold("Go", "GO"))
	fmt.Println(strings.TrimLeft("xxhixx", "x"), strings.TrimSuffix("file.go", ".go"), strings.Trim("--a--", "-"))
	before, after, found := strings.Cut("key=value", "=")
	fmt.Println(before, after, found)
	fmt.Println(strings.Map(func(r rune) rune {
		if r == 'a' {
			return 'A'
		}
		return r
	}, "banana"))
	r := strings.NewReplacer("<", "&lt;", ">", "&gt;")
	fmt.Println(r.Replace("<b>"))
	fmt.Println(strings.SplitN("a/b/c/d", "/", 2), strings.ContainsRune("abc", 'b'), strings.IndexByte("abc", 'c'))
}
