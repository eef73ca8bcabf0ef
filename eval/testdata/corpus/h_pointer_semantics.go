package main

import "fmt"

type Node struct {
	Val  int
	Kids []*Node
}

func (n *Node) Sum() int {
	if n == nil {
		return 0
	}
	s := n.Val
	for _, k := range n.Kids {
		s += k.Sum()
	}
	return s
}

func swap(a, b *int) { *a, *b = *b, *a }

func grow(s *[]int) { *s = append(*s, len(*s)) }

func reset(n Node) { n.Val = 0 }

func resetPtr(n *Node) { n.Val = 0 }

func newInt(v int) *int { return &v }

func main() {
	x, y := 1, 2
	swap(&x, &y)
	fmt.Println(x, y)
	var s []int
	for i := 0; i < 3; i++ {
		grow(&s)
	}
	fmt.Println(s)
	root := &Node{Val: 1, Kids: []*Node{{Val: 2}, {Val: 3, Kids: []*Node{{Val: 4}}}}}
	fmt.Println(root.Sum())
	reset(*root)
	fmt.Println(root.Val)
	resetPtr(root.Kids[1])
	fmt.Println(root.Sum())
	p1, p2 := newInt(5), newInt(5)
	fmt.Println(p1 == p2, *p1 == *p2)
	var ptrs []*int
	for i := 0; i < 3; i++ {
		ptrs = append(ptrs, &i)
	}
	fmt.Println(*ptrs[0], *ptrs[1], *ptrs[2])
	arr := [3]int{1, 2, 3}
	pa := &arr
	pa[1] = 20
	for i, v := range pa {
		pa[2] = 30
		if i == 2 {
			fmt.Println("range over array ptr sees", v)
		}
	}
	fmt.Println(arr, len(pa))
	pp := &pa
	(*pp)[0] = 10
	fmt.Println(arr)
	type pair struct{ a, b *int }
	v := 7
	pr := pair{&v, &v}
	*pr.a = 8
	fmt.Println(*pr.b, pr.a == pr.b)
	var np *Node
	fmt.Println(np.Sum(), np == nil)
	q := new(Node)
	q.Kids = append(q.Kids, q)
	fmt.Println(len(q.Kids[0].Kids[0].Kids))
	m := map[string]*int{}
	for _, k := range []string{"a", "b"} {
		val := len(k) * 10
		m[k] = &val
	}
	*m["a"]++
	fmt.Println(*m["a"], *m["b"])
}
