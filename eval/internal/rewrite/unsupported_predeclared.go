package rewrite

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Go lets a program declare a name of the universe scope again (`func true()`, `var nil
// = 5`, `type int struct{...}`), and the name then means the program's declaration where
// that declaration is in scope. The rewriter's generated code, the prelude (which shares
// package main's scope with the cells) and the interpreter still read some of these names
// as Go's own: a cell redeclaring one of them printed another value (`var iota = 5` made
// `iota+1` print 1; `func nil() int` broke fmt's printing of every struct), or failed to
// compile where Go compiles. The rewriter refuses those declarations, naming the limit;
// the shapes the matrix of eval/predeclared_shadowing_test.go runs as Go runs them (`func
// len`, `type byte struct`, a local `panic := ...`) stay allowed.

// shadowedAnywhere lists the universe names the rewriter refuses to see declared in any
// scope, with the reason.
var shadowedAnywhere = map[string]string{
	"true":    "the rewriter's generated code (print, println, type assertions) writes true for Go's constant",
	"false":   "the rewriter's generated code (print, println, type assertions) writes false for Go's constant",
	"nil":     "the rewriter's generated code and its printing helpers compare with nil, meaning Go's",
	"iota":    "the interpreter reads iota as Go's constant wherever it appears",
	"bool":    "the interpreter takes conditions of a type named bool for Go's (non-bool used as if condition)",
	"float64": "the interpreter converts untyped constants to a type named float64 as to Go's",
	"int":     "the interpreter converts untyped constants to a type named int as to Go's",
}

// shadowedInPackage lists the universe names the rewriter refuses to see declared at
// package level, where the prelude (in package main's scope) would see them too.
var shadowedInPackage = map[string]string{
	"any":        "the prelude uses any for Go's empty interface",
	"complex128": "the interpreter converts untyped constants to a type named complex128 as to Go's",
	"new":        "the rewriter's generated code calls new, meaning Go's",
	"panic":      "the prelude calls panic, meaning Go's",
	"string":     "the prelude and the interpreter's constant conversions use string, meaning Go's",
}

// refusePredeclared refuses a declaration, in the cell's roots, of a universe name that
// generated code or the interpreter would still read as Go's (shadowedAnywhere,
// shadowedInPackage), and of `error` as an interface type of the cell's own.
func (x *cell) refusePredeclared(roots []ast.Node, add func(token.Pos, string, ...any)) {
	for _, root := range roots {
		ast.Inspect(root, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			obj := x.info.Defs[id]
			if obj == nil || obj.Parent() == nil || types.Universe.Lookup(id.Name) == nil {
				return true // not a declaration in a scope (a field, a method, a label)
			}
			if _, label := obj.(*types.Label); label {
				return true
			}
			why, refused := shadowedAnywhere[id.Name]
			if tn, ok := obj.(*types.TypeName); ok && tn.IsAlias() && (id.Name == "int" || id.Name == "float64") {
				refused = false // type int = int8 and type float64 = int32 run as Go runs them
			}
			if _, fn := obj.(*types.Func); fn && id.Name == "iota" {
				refused = false // func iota() at package level runs as Go runs it
			}
			if !refused && obj.Pkg() != nil && obj.Parent() == obj.Pkg().Scope() {
				why, refused = shadowedInPackage[id.Name]
			}
			if !refused && id.Name == "error" {
				if _, tn := obj.(*types.TypeName); tn && types.IsInterface(obj.Type()) {
					why, refused = "yaegi stores a value of an interface type named error as Go's error", true
				}
			}
			if refused {
				add(id.Pos(), "a cell cannot declare %s again, the predeclared identifier of Go's universe scope: %s", id.Name, why)
			}
			return true
		})
	}
}
