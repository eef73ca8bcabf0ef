package main

import "fmt"

func sumAll(vals ...any) (float64, []string) {
	total := 0.0
	var skipped []string
	for _, v := range vals {
		switch x := v.(type) {
		case int:
			total += float64(x)
		case float64:
			total += x
		case fmt.Stringer:
			skipped = append(skipped, x.String())
		default:
			skipped = append(skipped, fmt.Sprintf("%v(%T)", x, x))
		}
	}
	return total, skipped
}

func main() {
	t, s := sumAll(1, 2.5, "x", nil, true, 4)
	fmt.Println(t, s)
	var a any = 3
	if n, ok := a.(int); ok {
		fmt.Println("int", n)
	}
	_, ok := a.(string)
	fmt.Println(ok)
	var e any
	fmt.Println(e == nil)
}
