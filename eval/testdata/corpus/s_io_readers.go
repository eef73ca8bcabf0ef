package main

import (
	"fmt"
	"io"
	"os"
	"strings"
)

type upper struct{ r io.Reader }

func (u upper) Read(p []byte) (int, error) {
	n, err := u.r.Read(p)
	for i := range n {
		if p[i] >= 'a' && p[i] <= 'z' {
			p[i] -= 32
		}
	}
	return n, err
}

func main() {
	io.Copy(os.Stdout, upper{strings.NewReader("shout this\n")})
	r := io.MultiReader(strings.NewReader("ab"), strings.NewReader("cd"))
	b, _ := io.ReadAll(r)
	fmt.Println(string(b))
	var sb strings.Builder
	w := io.MultiWriter(&sb, os.Stdout)
	fmt.Fprintln(w, "to both")
	fmt.Print(sb.String())
	lr := io.LimitReader(strings.NewReader("0123456789"), 4)
	b, _ = io.ReadAll(lr)
	fmt.Println(string(b))
	sr := io.NewSectionReader(strings.NewReader("0123456789"), 2, 3)
	b, _ = io.ReadAll(sr)
	fmt.Println(string(b))
}
