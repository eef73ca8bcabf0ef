package main

import (
	"encoding/json"
	"fmt"
)

type Base struct {
	Name string `json:"name"`
	Age  int    `json:"age,omitempty"`
}

type Alias Base

type Wrapper Base

func (w Wrapper) String() string { return "W:" + w.Name }

func main() {
	b := Base{"ann", 3}
	a := Alias(b)
	w := Wrapper(a)
	out, _ := json.Marshal(a)
	fmt.Println(string(out))
	fmt.Println(w, b, a)
	fmt.Printf("%T %T %T %+v %#v\n", b, a, w, a, a)
	var x any = a
	switch x.(type) {
	case Base:
		fmt.Println("base")
	case Alias:
		fmt.Println("alias")
	}
	m := map[any]int{b: 1, a: 2}
	fmt.Println(len(m))
	var back Base
	_ = json.Unmarshal([]byte(`{"name":"bob"}`), (*Alias)(&back))
	fmt.Println(back)
	fmt.Println(Base(w) == b)
}
