// Methods with value and pointer receivers on named slice and map types (Stack, Tags,
// Counts, a sort.Interface byLen), their values in interfaces, type switches between
// them and their underlying types, %T, %#v and encoding/json.
package main

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

type Stack []int

func (s *Stack) Push(v int) { *s = append(*s, v) }
func (s *Stack) Pop() int {
	old := *s
	v := old[len(old)-1]
	*s = old[:len(old)-1]
	return v
}
func (s Stack) Peek() int      { return s[len(s)-1] }
func (s Stack) Len() int       { return len(s) }
func (s Stack) String() string { return fmt.Sprintf("Stack%v", []int(s)) }

type Tags []string

func (t Tags) Join() string { return strings.Join(t, ",") }

type Counts map[string]int

func (c Counts) Add(k string) { c[k]++ }
func (c Counts) Keys() []string {
	var ks []string
	for k := range c {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

type Set map[string]struct{}

type byLen []string

func (b byLen) Len() int           { return len(b) }
func (b byLen) Less(i, j int) bool { return len(b[i]) < len(b[j]) }
func (b byLen) Swap(i, j int)      { b[i], b[j] = b[j], b[i] }

type Matrix [][]float64

func (m Matrix) Rows() int { return len(m) }

type Lengther interface{ Len() int }

func main() {
	var s Stack
	s.Push(1)
	s.Push(2)
	s.Push(3)
	fmt.Println(s.Pop(), s.Peek(), s.Len(), s)
	fmt.Printf("%v %T %d\n", s, s, len(s))
	var l Lengther = s
	fmt.Println(l.Len())
	var a any = s
	if st, ok := a.(Stack); ok {
		fmt.Println("stack", st.Peek())
	}
	if _, ok := a.([]int); !ok {
		fmt.Println("not []int")
	}
	fmt.Println(a)

	t := Tags{"b", "a"}
	t = append(t, "c")
	sort.Strings(t)
	fmt.Println(t.Join(), t[1:].Join(), len(t), cap(t) >= 3)
	fmt.Printf("%T %#v %v\n", t, t, t)
	t2 := Tags(strings.Fields("x y"))
	fmt.Printf("%T %v\n", t2, t2)
	var plain []string = t
	fmt.Printf("%T %v\n", plain, plain)

	c := Counts{}
	for _, w := range strings.Fields("a b a c a b") {
		c.Add(w)
	}
	fmt.Println(c.Keys(), c["a"], len(c))
	fmt.Printf("%T %v\n", c, c)
	b, _ := json.Marshal(c)
	fmt.Println(string(b))
	var c2 Counts
	if err := json.Unmarshal([]byte(`{"z":9}`), &c2); err != nil {
		fmt.Println(err)
	}
	fmt.Printf("%T %v\n", c2, c2)
	var t3 Tags
	json.Unmarshal([]byte(`["p","q"]`), &t3)
	fmt.Printf("%T %v %s\n", t3, t3, t3.Join())
	tb, _ := json.Marshal(struct{ T Tags }{t3})
	fmt.Println(string(tb))

	set := Set{"x": {}}
	set["y"] = struct{}{}
	_, has := set["y"]
	fmt.Println(len(set), has)
	fmt.Printf("%T\n", set)

	words := []string{"ccc", "a", "bb"}
	sort.Sort(byLen(words))
	fmt.Println(words)

	m := Matrix{{1, 2}, {3, 4}}
	m[0][1] = 5
	fmt.Println(m, m.Rows())
	fmt.Printf("%T %#v\n", m, m)

	items := []any{Tags{"a"}, []string{"b"}, Counts{"k": 1}, map[string]int{}, s, []int{1}, Set{}, m}
	for _, it := range items {
		switch v := it.(type) {
		case Tags:
			fmt.Println("Tags", v.Join())
		case []string:
			fmt.Println("[]string", v)
		case Counts:
			fmt.Println("Counts", v)
		case map[string]int:
			fmt.Println("map", v)
		case Stack:
			fmt.Println("Stack", v.Peek())
		case []int:
			fmt.Println("[]int", v)
		default:
			fmt.Printf("other %T\n", v)
		}
	}
	byType := map[string]int{}
	for _, it := range items {
		byType[fmt.Sprintf("%T", it)]++
	}
	fmt.Println(len(byType))
	var nilTags Tags
	fmt.Println(nilTags == nil, len(nilTags))
	fmt.Printf("%#v %#v\n", nilTags, Counts(nil))
	mk := make(Tags, 2, 5)
	fmt.Printf("%T %q\n", mk, mk)
	cp := make(Tags, len(t))
	copy(cp, t)
	fmt.Println(cp)
	ptr := &t
	(*ptr)[0] = "z"
	fmt.Println(t)
	for i, v := range t {
		fmt.Print(i, v, " ")
	}
	fmt.Println()
}
