package rewrite

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"sort"
	"sync"
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

// A predeclaredLimit is a redeclaration of a universe name that the rewriter refuses:
// of the name as a kind of object (what), at package level only or in any scope.
type predeclaredLimit struct {
	what      string // "type" (a defined type), "types" (aliases too), "var", "interface" or "" (any)
	inPackage bool   // only at package level, where the prelude (package main's scope) sees it
	why       string
}

// predeclaredLimits lists the redeclarations the rewriter refuses, by name, each found
// failing (or printing other than go run) in the matrix of shapes of
// eval/predeclared_shadowing_test.go. The others run as Go runs them: a local `const
// iota = iota` (Go's test const8.go), a variable named int (interface/bigdata.go),
// `type int = string`, `func len`, `true := false`.
var predeclaredLimits = map[string]predeclaredLimit{
	"nil":        {"", false, "the rewriter's generated code and its printing helpers compare with nil, meaning Go's"},
	"iota":       {"var", false, "the interpreter reads a variable named iota as Go's constant"},
	"bool":       {"type", false, "the interpreter takes conditions of a type named bool for Go's (non-bool used as if condition)"},
	"int":        {"type", false, "the interpreter converts untyped constants to a type named int as to Go's"},
	"float64":    {"type", false, "the interpreter converts untyped constants to a type named float64 as to Go's"},
	"error":      {"interface", false, "yaegi stores a value of an interface type named error as Go's error"},
	"any":        {"types", true, "the prelude uses any for Go's empty interface"},
	"complex128": {"types", true, "the interpreter converts untyped constants to a type named complex128 as to Go's"},
	"string":     {"types", true, "the prelude and the interpreter's constant conversions use string, meaning Go's"},
	"new":        {"", true, "the rewriter's generated code calls new, meaning Go's"},
	"panic":      {"", true, "the prelude calls panic, meaning Go's"},
}

// refusePredeclared refuses a declaration, in the cell's roots, of a universe name that
// generated code or the interpreter would still read as Go's (predeclaredLimits).
func (x *cell) refusePredeclared(roots []ast.Node, add func(token.Pos, string, ...any)) {
	for _, root := range roots {
		ast.Inspect(root, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				x.refusePreludeShadowed(sel, add)
				return true
			}
			if rs, ok := n.(*ast.RangeStmt); ok {
				x.refuseDeferCollectorShadowed(rs, add)
				return true
			}
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			obj := x.info.Defs[id]
			if obj == nil || obj.Parent() == nil || types.Universe.Lookup(id.Name) == nil {
				return true // not a declaration in a scope (a field, a method, a label)
			}
			limit, listed := predeclaredLimits[id.Name]
			if !listed || limit.inPackage && (obj.Pkg() == nil || obj.Parent() != obj.Pkg().Scope()) {
				return true
			}
			tn, isType := obj.(*types.TypeName)
			_, isVar := obj.(*types.Var)
			switch limit.what {
			case "type":
				listed = isType && !tn.IsAlias()
			case "types":
				listed = isType
			case "interface":
				listed = isType && types.IsInterface(obj.Type())
			case "var":
				listed = isVar
			}
			if listed {
				add(id.Pos(), "declaring %s again (a predeclared identifier of Go's universe scope) is not supported in cells: %s", id.Name, limit.why)
			}
			return true
		})
	}
}

// preludeUniverse holds, by import path, the universe names that the source of each
// prelude package (preludePackages) mentions; not true and false, which preludeFuncs
// writes as _pb_true and _pb_false.
var preludeUniverse = sync.OnceValue(func() map[string][]string {
	out := map[string][]string{}
	for _, p := range preludePackages {
		f, err := parser.ParseFile(token.NewFileSet(), "", p.src, 0)
		if err != nil {
			continue // Prepare reports it
		}
		sels := map[*ast.Ident]bool{} // fields and methods, not universe names
		ast.Inspect(f, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				sels[sel.Sel] = true
			}
			return true
		})
		seen := map[string]bool{}
		ast.Inspect(f, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && !sels[id] && !seen[id.Name] && types.Universe.Lookup(id.Name) != nil && id.Name != "true" && id.Name != "false" {
				seen[id.Name] = true
				out[p.path] = append(out[p.path], id.Name)
			}
			return true
		})
		sort.Strings(out[p.path])
	}
	return out
})

// refusePreludeShadowed refuses a use of a prelude package's function or type (slices.Index
// runs as _pb_slices_Index, compiled in package main when a cell first instantiates it)
// while package main declares again a universe name that its code uses: the prelude's code
// would call the session's len instead of Go's (`func len(s []int) int` made
// slices.Contains and slices.Index answer false and -1, with status ok).
func (x *cell) refusePreludeShadowed(sel *ast.SelectorExpr, add func(token.Pos, string, ...any)) {
	obj := x.info.Uses[sel.Sel]
	if obj == nil || obj.Pkg() == nil || !x.r.redirect[obj.Pkg().Path()][obj.Name()] {
		return
	}
	if _, isPkg := x.info.Uses[identOf(sel.X)].(*types.PkgName); !isPkg {
		return
	}
	for _, name := range preludeUniverse()[obj.Pkg().Path()] {
		if x.packageDeclares(name) {
			add(sel.Pos(), "%s.%s is not supported in cells while the session declares %s again at package level: the generic code of %s that cells run is compiled in package main, where %s is the session's", obj.Pkg().Name(), obj.Name(), name, obj.Pkg().Path(), name)
			return
		}
	}
}

// packageDeclares reports whether package main declares name: the cell at package level
// or an earlier cell.
func (x *cell) packageDeclares(name string) bool {
	if _, earlier := x.r.mem.decls.RewriterDecl(name); earlier {
		return true
	}
	return x.c != nil && x.c.pkg != nil && x.c.pkg.Scope().Lookup(name) != nil
}

// deferCollectorNames are the universe names that the code collectDefer writes for a
// defer in the body of a range-over-func loop calls (loops.go).
var deferCollectorNames = []string{"append", "len", "recover", "panic"}

// refuseDeferCollectorShadowed refuses a defer statement in the body of a range-over-func
// loop while package main declares one of deferCollectorNames again: the code that
// collects the loop's deferred calls would call the session's function (a package-level
// func recover() made the loop's panic end as "panic: mine" for Go's "panic: boom"; a
// func append failed to compile).
func (x *cell) refuseDeferCollectorShadowed(rs *ast.RangeStmt, add func(token.Pos, string, ...any)) {
	if _, ok := underlying(x.typeOf(rs.X)).(*types.Signature); !ok {
		return
	}
	var def *ast.DeferStmt
	ast.Inspect(rs.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.DeferStmt:
			if def == nil {
				def = n
			}
		}
		return def == nil
	})
	if def == nil {
		return
	}
	for _, name := range deferCollectorNames {
		if x.packageDeclares(name) {
			add(def.Pos(), "defer in the body of a range-over-func loop is not supported in cells while the session declares %s again at package level: the code that runs the loop's deferred calls calls %s, which in package main is the session's", name, name)
			return
		}
	}
}
