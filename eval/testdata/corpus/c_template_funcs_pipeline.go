package main

import (
	"fmt"
	"os"
	"strings"
	"text/template"
)

type Status int

func (s Status) String() string { return [...]string{"todo", "doing", "done"}[s] }

type Task struct {
	Title    string
	Status   Status
	Assignee *string
	Tags     []string
}

func (t Task) Done() bool { return t.Status == 2 }

type Board struct {
	Name  string
	Tasks []Task
}

func (b Board) Count(s Status) int {
	n := 0
	for _, t := range b.Tasks {
		if t.Status == s {
			n++
		}
	}
	return n
}

const page = `== {{.Name | upper}} ==
{{range $i, $t := .Tasks -}}
[{{if $t.Done}}x{{else}} {{end}}] {{$t.Title}} ({{$t.Status}}){{with $t.Assignee}} @{{.}}{{end}}{{if $t.Tags}} #{{join $t.Tags " #"}}{{end}}
{{end -}}
done: {{.Count 2}}/{{len .Tasks}}
`

func main() {
	ann := "ann"
	b := Board{"sprint 9", []Task{
		{"write spec", 2, &ann, []string{"doc"}},
		{"build api", 1, nil, []string{"go", "api"}},
		{"ship", 0, nil, nil},
	}}
	t := template.Must(template.New("board").Funcs(template.FuncMap{
		"upper": strings.ToUpper,
		"join":  strings.Join,
	}).Parse(page))
	if err := t.Execute(os.Stdout, b); err != nil {
		fmt.Println("error:", err)
	}
	_, err := template.New("x").Parse("{{.Name")
	fmt.Println(err)
	err = template.Must(template.New("y").Parse("{{.Nope}}")).Execute(os.Stdout, b)
	fmt.Println()
	fmt.Println(err)
}
