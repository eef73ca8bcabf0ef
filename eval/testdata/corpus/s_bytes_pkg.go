package main

import (
	"bytes"
	"fmt"
)

func main() {
	b := []byte("  Hello, World  ")
	fmt.Printf("%q\n", bytes.TrimSpace(b))
	fmt.Println(bytes.Contains(b, []byte("World")), bytes.Count(b, []byte("l")))
	fmt.Println(string(bytes.ToUpper(b)), bytes.Equal([]byte("a"), []byte("a")))
	parts := bytes.Split([]byte("a-b-c"), []byte("-"))
	fmt.Println(len(parts), string(bytes.Join(parts, []byte("+"))))
	var buf bytes.Buffer
	buf.WriteString("line1\n")
	buf.WriteString("line2\n")
	l, _ := buf.ReadString('\n')
	fmt.Printf("%q %q\n", l, buf.String())
	fmt.Println(bytes.Compare([]byte("a"), []byte("b")), bytes.HasPrefix(b, []byte("  H")))
}
