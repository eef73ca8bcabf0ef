package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"sort"
	"strings"
	"text/scanner"
	"unicode"
)

const src = `package demo

import "fmt"

// Add adds.
func Add(a, b int) int { return a+b }

type T struct{ X int }

func (t *T) Inc() { t.X++ }

var v = Add(1,2)
`

func main() {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "demo.go", src, parser.ParseComments)
	if err != nil {
		panic(err)
	}
	var funcs []string
	ast.Inspect(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncDecl:
			name := x.Name.Name
			if x.Recv != nil {
				name = "method " + name
			}
			funcs = append(funcs, fmt.Sprintf("%s@%d", name, fset.Position(x.Pos()).Line))
		case *ast.BasicLit:
			funcs = append(funcs, "lit "+x.Value)
		}
		return true
	})
	sort.Strings(funcs)
	fmt.Println(funcs)
	var buf bytes.Buffer
	format.Node(&buf, fset, f)
	fmt.Print(buf.String())
	out, err := format.Source([]byte("package x\nfunc f(){return}"))
	fmt.Printf("%q %v\n", out, err)
	_, err = parser.ParseExpr("1 + ")
	fmt.Println(err)
	e, _ := parser.ParseExpr("a*(b+c)")
	fmt.Printf("%T %v\n", e, e.(*ast.BinaryExpr).Op)
	var s scanner.Scanner
	s.Init(strings.NewReader("x := 3.5 + foo(\"bar\") // c"))
	s.Filename = "ex"
	for tok := s.Scan(); tok != scanner.EOF; tok = s.Scan() {
		fmt.Printf("%s:%s ", scanner.TokenString(tok), s.TokenText())
	}
	fmt.Println()
	fmt.Println(strings.Fields(" a\u00a0b\tc\u2003d "), len(strings.Fields("\u00a0")), strings.ToTitle("ǳ"), unicode.IsSpace('\u0085'))
	fmt.Println(strings.EqualFold("ǅ", "ǆ"), strings.IndexFunc("abc1", unicode.IsDigit), strings.LastIndexAny("golang", "go"))
}
