package main

// A printing function's only argument a call of several results (fmt.Println(f())):
// each result prints as an operand of its own, with its type's String or Error method
// (fmt.Println(two()) with two returning (V, bool): Go's "V<1> true", where a cell
// printed "{1} true"), for every printing function of fmt and log, in a deferred call
// and a goroutine too; the call is evaluated once, where it stands.

import (
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"strings"
)

type V struct{ N int }

func (v V) String() string { return fmt.Sprint("V<", v.N, ">") }

type E struct{ C int }

func (e *E) Error() string { return fmt.Sprint("E", e.C) }

type P struct{ X, Y int }

type G[T any] struct{ v T }

func (g G[T]) String() string { return fmt.Sprint("G(", g.v, ")") }

func two() (V, bool)              { return V{1}, true }
func withErr() (int, error)       { return 2, &E{3} }
func iface() (fmt.Stringer, any)  { return V{4}, V{5} }
func format() (string, V, V, V)   { return "%v|%+v|%T\n", V{6}, V{7}, V{0} }
func writer() (io.Writer, V)      { return os.Stdout, V{8} }
func strs() (string, V, string)   { return "a", V{9}, "b" }
func ptr() (*V, P)                { return &V{10}, P{1, 2} }
func gen() (G[int], G[string])    { return G[int]{11}, G[string]{"s"} }
func nils() (fmt.Stringer, error) { return nil, nil }
func plain() (int, string)        { return 12, "x" }
func sl() ([]V, map[string]V)     { return []V{{13}}, map[string]V{"k": {14}} }
func count() (int, V) {
	fmt.Println("count called")
	return 15, V{16}
}

func main() {
	fmt.Println(two())
	fmt.Println(withErr())
	fmt.Println(iface())
	fmt.Printf(format())
	fmt.Fprintln(writer())
	fmt.Print(strs())
	fmt.Println()
	fmt.Print(two())
	fmt.Println()
	s := fmt.Sprint(two())
	fmt.Println(s, len(s))
	fmt.Println(strings.TrimSpace(fmt.Sprintln(ptr())[4:]))
	fmt.Println(gen())
	fmt.Println(nils())
	fmt.Println(plain())
	fmt.Println(sl())
	n, err := fmt.Println(count())
	fmt.Println(n, err)
	err = fmt.Errorf(format())
	fmt.Println(err)
	log.SetOutput(os.Stdout)
	log.SetFlags(0)
	log.Println(two())
	log.Print(strs())
	b := fmt.Append(nil, "x")
	_ = b
	func() {
		defer fmt.Println(two())
		defer fmt.Println(count())
		fmt.Println("body")
	}()
	done := make(chan bool)
	go func() {
		fmt.Println(iface())
		done <- true
	}()
	<-done
	var target *E
	_, e := withErr()
	fmt.Println(errors.As(e, &target), target.C)
}
