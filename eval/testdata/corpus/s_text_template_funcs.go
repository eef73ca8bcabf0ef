package main

import (
	"os"
	"strings"
	"text/template"
)

type Item struct {
	Name  string
	Price float64
	Qty   int
}

func main() {
	funcs := template.FuncMap{"upper": strings.ToUpper, "total": func(i Item) float64 { return i.Price * float64(i.Qty) }}
	t := template.Must(template.New("inv").Funcs(funcs).Parse(`{{range $i, $it := .}}{{$i}}: {{upper $it.Name}} x{{$it.Qty}} = {{printf "%.2f" (total $it)}}
{{else}}empty
{{end}}`))
	t.Execute(os.Stdout, []Item{{"pen", 1.5, 4}, {"ink", 3, 1}})
	t.Execute(os.Stdout, []Item{})
}
