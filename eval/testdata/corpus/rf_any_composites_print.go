// Composites of a cell type with a String method, held in interfaces.
package main

import "fmt"

type Temp float64

func (t Temp) String() string { return fmt.Sprintf("%.1f deg", float64(t)) }

func main() {
	var x any = []Temp{1, 2}
	fmt.Println(x)
	y := []any{map[string]Temp{"a": 3}}
	fmt.Println(y)
}
