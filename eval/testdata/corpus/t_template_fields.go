// text/template renders fields and methods of the program's types.
package main

import (
	"os"
	"text/template"
)

type Item struct {
	Name  string
	Price float64
	Qty   int
}

func (i Item) Total() float64 { return i.Price * float64(i.Qty) }

type Order struct {
	ID    int
	Items []Item
}

const tmpl = `Order {{.ID}}
{{range .Items}}- {{.Name}} x{{.Qty}} = {{printf "%.2f" .Total}}
{{end}}`

func main() {
	t := template.Must(template.New("o").Parse(tmpl))
	err := t.Execute(os.Stdout, Order{42, []Item{{"pen", 1.5, 4}, {"book", 12, 1}}})
	if err != nil {
		panic(err)
	}
}
