package main

import (
	"fmt"
	"html/template"
	"os"
	"strings"
)

type Post struct {
	Title string
	Tags  []string
}

func (p Post) Slug() string { return strings.ToLower(strings.ReplaceAll(p.Title, " ", "-")) }

func main() {
	t := template.Must(template.New("page").Parse(`<h1>{{.title}}</h1>
<ul>{{range .items}}<li title="{{.}}">{{.}}</li>{{end}}</ul>
<a href="/search?q={{.query}}">{{.query}}</a>
<script>var data = {{.data}};</script>
`))
	err := t.Execute(os.Stdout, map[string]any{
		"title": "Fish & Chips <special>",
		"items": []string{"a<b", `"quoted"`},
		"query": "x y&z",
		"data":  map[string]int{"n": 1},
	})
	fmt.Println(err)
	p := Post{"Hello World", []string{"go"}}
	fmt.Println(p.Slug(), template.HTMLEscapeString("<a&b>"), template.JSEscapeString("it's"))
	var sb strings.Builder
	t2 := template.Must(template.New("p").Parse(`{{.Title}} [{{range $i, $t := .Tags}}{{$i}}:{{$t}}{{end}}]`))
	err = t2.Execute(&sb, struct {
		Title string
		Tags  []string
	}{p.Title, p.Tags})
	fmt.Println(sb.String(), err)
}
