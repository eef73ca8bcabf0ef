package main

import (
	"os"
	"strings"
	"text/template"
)

type Line struct {
	Product string
	Qty     int
	Price   float64
}

func (l Line) Total() float64 { return float64(l.Qty) * l.Price }

type Invoice struct {
	Number   int
	Customer struct{ Name, City string }
	Lines    []Line
	Notes    []string
	Paid     bool
}

const tmpl = `Invoice #{{.Number}} for {{.Customer.Name}} ({{.Customer.City | upper}})
{{range $i, $l := .Lines}}{{$i}}. {{printf "%-8s" $l.Product}} {{$l.Qty}} x {{printf "%.2f" $l.Price}} = {{printf "%.2f" $l.Total}}
{{end}}{{if .Paid}}PAID{{else}}DUE{{end}}
{{with .Notes}}Notes: {{join . "; "}}{{else}}No notes{{end}}
{{len .Lines}} lines
`

func main() {
	t := template.Must(template.New("inv").Funcs(template.FuncMap{
		"upper": strings.ToUpper,
		"join":  strings.Join,
	}).Parse(tmpl))
	inv := Invoice{Number: 17, Lines: []Line{{"pen", 3, 1.5}, {"notebook", 2, 4.25}}}
	inv.Customer.Name = "Acme"
	inv.Customer.City = "Lyon"
	if err := t.Execute(os.Stdout, inv); err != nil {
		panic(err)
	}
	inv.Paid = true
	inv.Notes = []string{"fragile", "gift"}
	inv.Lines = inv.Lines[:1]
	t.Execute(os.Stdout, &inv)
	err := template.Must(template.New("bad").Parse("{{.Missing}}\n")).Execute(os.Stdout, inv)
	os.Stdout.WriteString("error: " + err.Error() + "\n")
}
