package main

import (
	"fmt"
	"os"
	"text/template"
)

type Person struct {
	First, Last string
}

func (p Person) Full() string          { return p.First + " " + p.Last }
func (p Person) Greet(s string) string { return s + ", " + p.First }

type Employee struct {
	Person
	Role   string
	Skills map[string]int
	Boss   *Employee
}

func main() {
	boss := &Employee{Person: Person{"Grace", "Hopper"}, Role: "admiral"}
	e := Employee{Person{"Ada", "Lovelace"}, "engineer", map[string]int{"math": 5, "go": 3}, boss}
	t := template.Must(template.New("e").Parse(
		`{{.Full}} ({{.First}}) is an {{.Role}}
{{.Greet "Hello"}}
{{range $k, $v := .Skills}}{{$k}}={{$v}} {{end}}
boss: {{with .Boss}}{{.Full}}, {{.Role}}{{end}}
{{- if and .Boss (eq .Role "engineer")}} [reports]{{end}}
{{define "tag"}}<{{.}}>{{end}}{{template "tag" .Last}}
`))
	if err := t.Execute(os.Stdout, e); err != nil {
		fmt.Println("error:", err)
	}
	var buf = new(struct{ N []int })
	buf.N = []int{3, 1, 2}
	template.Must(template.New("n").Parse("{{range .N}}[{{.}}]{{else}}none{{end}} {{index .N 1}} {{slice .N 1 3}}\n")).Execute(os.Stdout, buf)
	template.Must(template.New("n").Parse("{{range .N}}[{{.}}]{{else}}none{{end}}\n")).Execute(os.Stdout, struct{ N []int }{})
}
