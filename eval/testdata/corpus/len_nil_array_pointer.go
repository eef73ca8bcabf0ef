package main

import (
	"fmt"
	"io"
)

// len and cap of a pointer to an array need no array: a nil *[N]T has length N, in
// generic code too, where the length is not a constant (yaegi patch 137).

type Reader struct{ buf []byte }

type Token *[4]byte

func Read[T interface{ ~*[4]byte }](r *Reader) (t T, err error) {
	if n := len(t); len(r.buf) >= n {
		t = T(r.buf[:n])
		r.buf = r.buf[n:]
		return
	}
	err = io.EOF
	return
}

func Lens[P ~*[3]int | ~*[5]int](p P) (int, int) { return len(p), cap(p) }

func main() {
	r := &Reader{buf: []byte("0123456789")}
	for {
		tok, err := Read[Token](r)
		if err != nil {
			fmt.Println(err, len(r.buf))
			break
		}
		fmt.Println(string(tok[:]), len(tok))
	}
	var p *[3]int
	fmt.Println(len(p), cap(p))
	fmt.Println(Lens(p))
	fmt.Println(Lens(&[5]int{}))
	q := &[2]string{"a", "b"}
	n := len(q)
	fmt.Println(n, cap(q))
}
