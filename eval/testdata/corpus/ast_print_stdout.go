package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
)

func main() {
	fset := token.NewFileSet()
	expr, err := parser.ParseExprFrom(fset, "x.go", "a + 1", 0)
	if err != nil {
		panic(err)
	}
	fmt.Println("before")
	if err := ast.Print(fset, expr); err != nil {
		panic(err)
	}
	fmt.Println("after")
}
