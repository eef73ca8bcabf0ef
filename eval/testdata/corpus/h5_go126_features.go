package main

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"time"
)

type MyErr struct{ Code int }

func (e *MyErr) Error() string { return fmt.Sprint("code ", e.Code) }

type Person struct {
	Name string
	Age  *int
}

func age(n int) int { return n * 2 }

func main() {
	p := new(42)
	q := new(age(21))
	s := new("str")
	fmt.Println(*p, *q, *s)
	per := Person{"a", new(30)}
	fmt.Println(*per.Age)
	err := fmt.Errorf("wrap: %w", &MyErr{7})
	if me, ok := errors.AsType[*MyErr](err); ok {
		fmt.Println("as", me.Code)
	}
	_, err = os.Open("/nonexistent/file")
	if pe, ok := errors.AsType[*fs.PathError](err); ok {
		fmt.Println(pe.Op, pe.Path, errors.Is(err, fs.ErrNotExist))
	}
	r := rand.New(rand.NewPCG(1, 2))
	n := r.IntN(100)
	fmt.Println(n >= 0 && n < 100, rand.N(10*time.Second) < 10*time.Second)
	xs := []int{3, 1, 2}
	ys := slices.Sorted(slices.Values(xs))
	fmt.Println(ys, slices.Repeat([]int{1}, 3), slices.Concat(xs, ys))
	fmt.Println(strings.Join(slices.Collect(strings.SplitSeq("a-b-c", "-")), "+"))
	for i, w := range strings.Fields("x y") {
		fmt.Print(i, w)
	}
	fmt.Println()
	m := min(len(xs), 2)
	fmt.Println(m)
}
