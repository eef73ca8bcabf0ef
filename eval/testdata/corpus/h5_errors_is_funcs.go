package main

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"sync"
)

type StatusErr struct{ Code int }

func (e StatusErr) Error() string { return fmt.Sprintf("status %d", e.Code) }
func (e StatusErr) Is(target error) bool {
	t, ok := target.(StatusErr)
	return ok && (t.Code == 0 || t.Code/100 == e.Code/100)
}

type NotFoundErr struct{ Name string }

func (e *NotFoundErr) Error() string { return e.Name + " not found" }

type Multi struct{ errs []error }

func (m Multi) Error() string   { return fmt.Sprintf("%d errors", len(m.errs)) }
func (m Multi) Unwrap() []error { return m.errs }

func main() {
	err := fmt.Errorf("fetch: %w", StatusErr{404})
	fmt.Println(errors.Is(err, StatusErr{400}), errors.Is(err, StatusErr{500}), errors.Is(err, StatusErr{0}))
	m := Multi{[]error{fs.ErrNotExist, StatusErr{503}}}
	wrapped := fmt.Errorf("all: %w", m)
	fmt.Println(errors.Is(wrapped, fs.ErrNotExist), errors.Is(wrapped, StatusErr{500}), errors.Is(wrapped, fs.ErrPermission))
	var se StatusErr
	fmt.Println(errors.As(wrapped, &se), se.Code)
	joined := errors.Join(StatusErr{200}, &NotFoundErr{"x"})
	var nf *NotFoundErr
	fmt.Println(errors.As(joined, &nf), nf.Name, errors.Is(joined, StatusErr{201}))
	fmt.Println(strings.ReplaceAll(joined.Error(), "\n", "|"))

	sc := bufio.NewScanner(strings.NewReader("a,b;c,d"))
	sc.Split(func(data []byte, atEOF bool) (int, []byte, error) {
		for i, b := range data {
			if b == ',' || b == ';' {
				return i + 1, data[:i], nil
			}
		}
		if atEOF && len(data) > 0 {
			return len(data), data, nil
		}
		return 0, nil, nil
	})
	var toks []string
	for sc.Scan() {
		toks = append(toks, sc.Text())
	}
	fmt.Println(toks)
	xs := []int{5, 2, 8, 1}
	sort.Sort(sort.Reverse(sort.IntSlice(xs)))
	fmt.Println(xs, sort.SearchInts([]int{1, 3, 5}, 4))
	i := sort.Search(100, func(i int) bool { return i*i >= 50 })
	fmt.Println(i, strings.Map(func(r rune) rune {
		if r == 'a' {
			return -1
		}
		return r + 1
	}, "banana"))
	var sm sync.Map
	for _, k := range []string{"b", "a"} {
		sm.Store(k, len(k))
	}
	var keys []string
	sm.Range(func(k, v any) bool { keys = append(keys, k.(string)); return true })
	sort.Strings(keys)
	fmt.Println(keys)
}
