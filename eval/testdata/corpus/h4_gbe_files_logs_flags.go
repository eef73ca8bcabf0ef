package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"iter"
	"log"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"
)

type List[T any] struct {
	head, tail *element[T]
}

type element[T any] struct {
	next *element[T]
	val  T
}

func (lst *List[T]) Push(v T) {
	if lst.tail == nil {
		lst.head = &element[T]{val: v}
		lst.tail = lst.head
	} else {
		lst.tail.next = &element[T]{val: v}
		lst.tail = lst.tail.next
	}
}

func (lst *List[T]) All() iter.Seq[T] {
	return func(yield func(T) bool) {
		for e := lst.head; e != nil; e = e.next {
			if !yield(e.val) {
				return
			}
		}
	}
}

func genFib() iter.Seq[int] {
	return func(yield func(int) bool) {
		a, b := 1, 1
		for {
			if !yield(a) {
				return
			}
			a, b = b, a+b
		}
	}
}

type argError struct {
	arg     int
	message string
}

func (e *argError) Error() string {
	return fmt.Sprintf("%d - %s", e.arg, e.message)
}

func f(arg int) (int, error) {
	if arg == 42 {
		return -1, &argError{arg, "can't work with it"}
	}
	return arg + 3, nil
}

var ErrOutOfTea = fmt.Errorf("no more tea available")
var ErrPower = fmt.Errorf("can't boil water")

func makeTea(arg int) error {
	if arg == 2 {
		return ErrOutOfTea
	} else if arg == 4 {
		return fmt.Errorf("making tea: %w", ErrPower)
	}
	return nil
}

func main() {
	const s = "สวัสดี"
	fmt.Println("Len:", len(s))
	for i := 0; i < len(s); i++ {
		fmt.Printf("%x ", s[i])
	}
	fmt.Println()
	fmt.Println("Rune count:", utf8.RuneCountInString(s))
	for idx, runeValue := range s {
		fmt.Printf("%#U starts at %d\n", runeValue, idx)
	}
	for i, w := 0, 0; i < len(s); i += w {
		runeValue, width := utf8.DecodeRuneInString(s[i:])
		fmt.Printf("%#U starts at %d\n", runeValue, i)
		w = width
		if runeValue == 't' {
			fmt.Println("found tee")
		} else if runeValue == 'ส' {
			fmt.Println("found so sua")
		}
	}
	lst := List[int]{}
	lst.Push(10)
	lst.Push(13)
	lst.Push(23)
	for e := range lst.All() {
		fmt.Println(e)
	}
	all := slices.Collect(lst.All())
	fmt.Println("all:", all)
	for n := range genFib() {
		if n >= 10 {
			break
		}
		fmt.Println(n)
	}
	for _, i := range []int{7, 42} {
		if r, e := f(i); e != nil {
			fmt.Println("f failed:", e)
		} else {
			fmt.Println("f worked:", r)
		}
	}
	for i := range 5 {
		if err := makeTea(i); err != nil {
			if errors.Is(err, ErrOutOfTea) {
				fmt.Println("We should buy new tea!")
			} else if errors.Is(err, ErrPower) {
				fmt.Println("Now it is dark.")
			} else {
				fmt.Printf("unknown error: %s\n", err)
			}
			continue
		}
		fmt.Println("Tea is ready!")
	}
	_, err := f(42)
	var ae *argError
	if errors.As(err, &ae) {
		fmt.Println(ae.arg)
		fmt.Println(ae.message)
	} else {
		fmt.Println("err doesn't match argError")
	}
	dir, err := os.MkdirTemp("", "h4gbe")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "dat")
	if err := os.WriteFile(path, []byte("hello\ngo\n"), 0644); err != nil {
		panic(err)
	}
	fh, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0644)
	w := bufio.NewWriter(fh)
	n4, _ := w.WriteString("buffered\n")
	fmt.Printf("wrote %d bytes\n", n4)
	w.Flush()
	fh.Close()
	dat, _ := os.ReadFile(path)
	fmt.Print(string(dat))
	fr, _ := os.Open(path)
	b1 := make([]byte, 5)
	n1, _ := fr.Read(b1)
	fmt.Printf("%d bytes: %s\n", n1, string(b1[:n1]))
	o2, _ := fr.Seek(6, io.SeekStart)
	b2 := make([]byte, 2)
	n2, _ := fr.Read(b2)
	fmt.Printf("%d bytes @ %d: %v\n", n2, o2, string(b2[:n2]))
	_, _ = fr.Seek(0, io.SeekStart)
	r4 := bufio.NewReader(fr)
	b4, _ := r4.Peek(5)
	fmt.Printf("5 bytes: %s\n", string(b4))
	fr.Close()
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		fmt.Println(e.Name(), e.IsDir())
	}
	st, _ := os.Stat(path)
	fmt.Println(st.Size(), st.Mode().IsRegular(), st.Name())

	logger := log.New(os.Stdout, "my:", 0)
	logger.Println("from logger")
	logger.SetPrefix("ohmy:")
	logger.Println("from logger")
	logger.SetFlags(log.Lmsgprefix)
	logger.Printf("value %d", 3)
	var buf strings.Builder
	buflog := log.New(&buf, "buf:", 0)
	buflog.Println("hello")
	fmt.Print("from buflog:", buf.String())
	h := slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
		if a.Key == slog.TimeKey {
			return slog.Attr{}
		}
		return a
	}})
	sl := slog.New(h)
	sl.Info("hi there")
	sl.Info("hello again", "key", "val", "age", 25)
	jl := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelDebug, ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
		if a.Key == slog.TimeKey {
			return slog.Attr{}
		}
		return a
	}}))
	jl.Debug("dbg", slog.Group("req", "method", "GET", "n", 2))
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	fs.SetOutput(os.Stdout)
	word := fs.String("word", "foo", "a string")
	numb := fs.Int("numb", 42, "an int")
	fork := fs.Bool("fork", false, "a bool")
	var svar string
	fs.StringVar(&svar, "svar", "bar", "a string var")
	err = fs.Parse([]string{"-word=opt", "-numb", "7", "-fork", "a1", "a2"})
	fmt.Println(err, *word, *numb, *fork, svar, fs.Args(), fs.NArg())
	err = fs.Parse([]string{"-wat"})
	fmt.Println("err:", err)
}
