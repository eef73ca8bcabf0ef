package rewrite_test

import "testing"

// A range that assigns variables that exist (for k, v = range x) leaves in them the last
// iteration's values (yaegi declared new loop variables and left k and v as they were).
func TestRangeAssignsExistingVariables(t *testing.T) {
	expect(t, `
import "fmt"

type cursor struct{ pos int }

func main() {
	var k, v int
	for k, v = range []int{5, 6} {
	}
	fmt.Println(k, v)
	var key string
	for key = range map[string]int{"only": 1} {
	}
	fmt.Println(key)
	var i int
	var r rune
	for i, r = range "hé" {
	}
	fmt.Println(i, string(r))
	arr := [3]int{1, 2, 3}
	j := 0
	for j, arr[j] = range []int{5, 6} {
	}
	fmt.Println(j, arr)
	var c cursor
	for c.pos = range [4]bool{} {
		if c.pos == 2 {
			break
		}
	}
	fmt.Println(c.pos)
	var last any
	for _, last = range []string{"a", "b"} {
	}
	fmt.Println(last)
	n := -1
	for n = range []int{} {
	}
	fmt.Println(n)
	ch := make(chan int, 2)
	ch <- 7
	ch <- 8
	close(ch)
	var got int
	for got = range ch {
	}
	fmt.Println(got)
	idx := 0
outer:
	for idx = range []int{1, 2, 3, 4} {
		for range 2 {
			if idx == 1 {
				continue outer
			}
		}
		if idx == 2 {
			break
		}
	}
	fmt.Println(idx)
}`, "1 6\nonly\n1 é\n1 [6 2 3]\n2\nb\n-1\n8\n2\n")
}
