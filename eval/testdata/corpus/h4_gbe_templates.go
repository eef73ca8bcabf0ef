package main

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"text/template"
)

type byLength []string

func (s byLength) Len() int           { return len(s) }
func (s byLength) Swap(i, j int)      { s[i], s[j] = s[j], s[i] }
func (s byLength) Less(i, j int) bool { return len(s[i]) < len(s[j]) }

type Person struct {
	Name string
	Age  int
}

func (p Person) String() string { return fmt.Sprintf("%s (%d)", p.Name, p.Age) }

func main() {
	fruits := []string{"peach", "banana", "kiwi"}
	sort.Sort(byLength(fruits))
	fmt.Println(fruits)
	t1 := template.New("t1")
	t1, err := t1.Parse("Value is {{.}}\n")
	if err != nil {
		panic(err)
	}
	t1 = template.Must(t1.Parse("Value: {{.}}\n"))
	t1.Execute(os.Stdout, "some text")
	t1.Execute(os.Stdout, 5)
	t1.Execute(os.Stdout, []string{"Go", "Rust", "C++", "C#"})
	Create := func(name, t string) *template.Template {
		return template.Must(template.New(name).Parse(t))
	}
	t2 := Create("t2", "Name: {{.Name}}\n")
	t2.Execute(os.Stdout, struct {
		Name string
	}{"Jane Doe"})
	t2.Execute(os.Stdout, map[string]string{
		"Name": "Mickey Mouse",
	})
	t3 := Create("t3", "{{if . -}} yes {{else -}} no {{end}}\n")
	t3.Execute(os.Stdout, "not empty")
	t3.Execute(os.Stdout, "")
	t4 := Create("t4", "Range: {{range .}}{{.}} {{end}}\n")
	t4.Execute(os.Stdout, []string{"Go", "Rust", "C++", "C#"})
	people := []Person{{"Al", 30}, {"Bo", 25}}
	sort.Slice(people, func(i, j int) bool { return people[i].Age < people[j].Age })
	fmt.Println(people)
	t5 := Create("t5", "{{range $i, $p := .}}{{$i}}: {{$p.Name}} is {{$p.Age}}\n{{end}}")
	err = t5.Execute(os.Stdout, []struct {
		Name string
		Age  int
	}{{"Cy", 40}, {"Di", 35}})
	fmt.Println(err)
	t6 := Create("t6", `{{define "item"}}<{{.}}>{{end}}{{range .Items}}{{template "item" .}}{{end}} total={{.Total}} {{.Meta.owner}}
`)
	data := map[string]any{"Items": []int{1, 2, 3}, "Total": 6, "Meta": map[string]string{"owner": "ops"}}
	if err := t6.Execute(os.Stdout, data); err != nil {
		fmt.Println("error:", err)
	}
	var sb strings.Builder
	t7 := template.Must(template.New("t7").Funcs(template.FuncMap{
		"join":  strings.Join,
		"upper": strings.ToUpper,
		"add":   func(a, b int) int { return a + b },
	}).Parse(`{{join .Tags ", " | upper}} {{add 1 2}} {{printf "%05.1f" .Score}} {{len .Tags}} {{eq .Score 9.5}} {{and true .Ok}} {{not .Ok}}`))
	t7.Execute(&sb, map[string]any{"Tags": []string{"a", "b"}, "Score": 9.5, "Ok": false})
	fmt.Println(sb.String())
	_, err = template.New("bad").Parse("{{.Name")
	fmt.Println(err)
	err = template.Must(template.New("e").Parse("{{.Missing.Field}}")).Execute(os.Stdout, map[string]any{})
	fmt.Println()
	fmt.Println(err)
	err = template.Must(template.New("e2").Option("missingkey=error").Parse("{{.missing}}")).Execute(os.Stdout, map[string]int{})
	fmt.Println(err)
}
