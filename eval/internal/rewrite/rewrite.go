package rewrite

import (
	_ "embed"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"go/types"
	"os"
	"reflect"
	"runtime/debug"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/peerbook/peerbook/eval/internal/rewrite/rt"
	"github.com/peerbook/peerbook/eval/third_party/yaegi/interp"
	"github.com/peerbook/peerbook/eval/third_party/yaegi/stdlib/generic"
)

var (
	//go:embed prelude/iter.go.txt
	preludeIter string
	//go:embed prelude/slices.go.txt
	preludeSlices string
	//go:embed prelude/maps.go.txt
	preludeMaps string
	//go:embed prelude/main.go.txt
	preludeMain string
	//go:embed prelude/sync.go.txt
	preludeSync string
	//go:embed prelude/atomic.go.txt
	preludeAtomic string
	//go:embed prelude/errors.go.txt
	preludeErrors string
	//go:embed prelude/rand.go.txt
	preludeRand string
	//go:embed prelude/reflect.go.txt
	preludeReflect string
)

// preludePackages are the interpreted generic parts of standard library packages, by
// import path: functions and types that cannot be exported compiled (Go's symbol tables
// hold no generic code). Prepare loads each into package main with its names prefixed
// (see preludeName); the rewriter sends the cells' uses there, and the type checker
// adds them to the compiled package's own symbols (Importer).
var preludePackages = []struct{ path, src string }{
	{"slices", preludeSlices},
	{"maps", preludeMaps},
	{"sync", preludeSync},
	{"sync/atomic", preludeAtomic},
	{"errors", preludeErrors},
	{"math/rand/v2", preludeRand},
	{"reflect", preludeReflect},
}

// TypeSources returns the Go source of the packages, or parts of packages, that the
// session compiles from source, by import path, for go/types (see NewImporter).
func TypeSources() map[string][]string {
	sources := map[string][]string{"iter": {preludeIter}}
	for _, p := range preludePackages {
		sources[p.path] = append(sources[p.path], p.src)
	}
	for _, src := range generic.Sources {
		if path := packageClause(src); path == "cmp" {
			sources[path] = append(sources[path], src)
		}
	}
	return sources
}

// Rewriter rewrites the cells of one interpreter session. It remembers what earlier
// cells declared, so that later cells type-check.
type Rewriter struct {
	i *interp.Interpreter
	// redirect lists, by package, the functions whose calls go to the prelude's
	// _pb_PKG_NAME instead.
	redirect map[string]map[string]bool
	imp      *Importer
	mem      *memory
	n        int // counter for generated names
	// session names this session's types in the printing registry of package rt.
	session string
	// instances are the instances of generic types whose methods are registered.
	instances map[string]bool
	// typeErrs are the hard errors go/types found in the last cell.
	typeErrs []types.Error
	// boxed names the session's types without a run-time identity of their own (type
	// Temp float64) whose values cells converted to interfaces: held there as their
	// underlying type, they would not get a method a later cell declares.
	boxed map[string]bool
	// twins are the unnamed types of values cells made, and the named types of the same
	// run-time type cells asserted to (twins.go).
	twins twinState
	// reflectOn is set once a cell of the session used package reflect: from then on
	// every named type a cell declares is registered for reflect (reflect.go).
	reflectOn bool
}

// Session names the rewriter's session for package rt (its registrations of the
// session's types are kept under it).
func (r *Rewriter) Session() string { return r.session }

// TypeErrors returns the errors go/types found in the last cell between from and to
// (positions of the interpreter's FileSet): what the go command would report, which the
// session shows instead of the interpreter's own wording when the interpreter refuses
// the code too.
func (r *Rewriter) TypeErrors(from, to token.Pos) []types.Error {
	var out []types.Error
	for _, e := range r.typeErrs {
		if e.Pos >= from && e.Pos < to {
			out = append(out, e)
		}
	}
	return out
}

var sessions atomic.Int64

// New returns a Rewriter for a fresh session. Call Prepare before the first cell.
func New() *Rewriter {
	return &Rewriter{mem: newMemory(), session: strconv.FormatInt(sessions.Add(1), 10), instances: map[string]bool{}, boxed: map[string]bool{}}
}

// Prepare installs the symbols and prelude the rewrites rely on into a fresh
// interpreter. Call it once, after i.Use(stdlib.Symbols) and before the first cell.
func (r *Rewriter) Prepare(i *interp.Interpreter) error {
	if r.i != nil {
		return errors.New("rewrite: Prepare called twice")
	}
	if len(i.Symbols("fmt")) == 0 {
		return errors.New("rewrite: the interpreter has no standard library: call Use(stdlib.Symbols) before Prepare")
	}
	if err := i.Use(rt.Symbols); err != nil {
		return fmt.Errorf("rewrite: install helpers: %w", err)
	}
	if _, err := i.Eval(preludeIter); err != nil {
		return fmt.Errorf("rewrite: load prelude iter: %w", err)
	}
	if err := evalFile(i, "_pb_prelude_main.go", preludeMain); err != nil {
		return fmt.Errorf("rewrite: load prelude: %w", err)
	}
	// The wrappers of printed operands read them as gc does: after the other
	// arguments' calls (yaegi patch 124).
	i.SetOperandFuncs(operandWrappers...)
	r.redirect = map[string]map[string]bool{}
	for _, p := range preludePackages {
		src, names, err := preludeFuncs(p.path, p.src)
		if err == nil {
			err = evalFile(i, "_pb_prelude_"+identPath(p.path)+".go", src)
		}
		if err != nil {
			return fmt.Errorf("rewrite: load prelude %s: %w", p.path, err)
		}
		r.redirect[p.path] = names
	}
	r.i = i
	r.imp = NewImporter(func(path string) map[string]reflect.Value {
		return i.Symbols(path)[path]
	}, TypeSources())
	return nil
}

// packageClause returns the package name of a Go source, "" if it has none.
func packageClause(src string) string {
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.PackageClauseOnly)
	if err != nil {
		return ""
	}
	return f.Name.Name
}

// File rewrites a parsed cell that holds only a file of package main (imports and
// declarations, as a Go source file). It is Cell(fset, f, nil).
func (r *Rewriter) File(fset *token.FileSet, f *ast.File) error {
	return r.Cell(fset, f, nil)
}

// Cell rewrites a parsed cell in place. decls is a file of package main with the cell's
// imports and declarations; stmts holds the statements the cell runs at top level (as
// yaegi compiles a block: the variables they declare become session variables). Either
// may be nil. Both must have been parsed with fset, the interpreter's FileSet.
//
// Type errors do not stop the rewrite: the parts of the cell that type-check are
// rewritten, and yaegi reports the errors it finds. A cell that uses what yaegi would run
// with a different result (see unsupported.go) is refused with an *Unsupported error,
// before anything is rewritten or remembered. Any other error is an internal failure of
// the rewriter (a recovered panic); the cell may then be partly rewritten.
func (r *Rewriter) Cell(fset *token.FileSet, decls *ast.File, stmts *ast.BlockStmt) (err error) {
	if r.imp == nil {
		return errors.New("rewrite: Prepare was not called")
	}
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("rewrite: internal error: %v", p)
			if os.Getenv("PEERBOOK_REWRITE_DEBUG") != "" {
				fmt.Fprintf(os.Stderr, "%s\n", debug.Stack())
			}
		}
	}()
	return r.rewrite(fset, decls, stmts, r.check(fset, decls, stmts))
}

// rewrite rewrites the cell in place with its go/types check c (see Cell).
func (r *Rewriter) rewrite(fset *token.FileSet, decls *ast.File, stmts *ast.BlockStmt, c *checked) error {
	r.typeErrs = r.typeErrs[:0]
	for _, e := range c.errs {
		if te, ok := e.(types.Error); ok && !te.Soft {
			r.typeErrs = append(r.typeErrs, te)
		}
	}
	x := &cell{r: r, fset: fset, c: c, info: c.info,
		labeledStmts: map[*types.Label]ast.Stmt{},
		pendingBreak: map[ast.Stmt]string{},
		pendingCont:  map[ast.Stmt]string{},
		descs:        map[types.Type]*rt.Type{},
	}
	var roots []ast.Node
	if decls != nil {
		roots = append(roots, decls)
	}
	if stmts != nil {
		roots = append(roots, stmts)
	}
	if !c.failed {
		// A refused cell is not compiled: nothing of it is remembered.
		if err := x.unsupported(roots); err != nil {
			return err
		}
	}
	r.remember(fset, decls, stmts, c)
	if c.failed {
		return nil
	}
	for name := range r.boxed {
		if declaresType(roots, name) {
			// A new type of that name: none of its values is in an interface yet.
			delete(r.boxed, name)
		}
	}
	x.addrTaken = addressTaken(x.info, roots)
	for _, root := range roots {
		unparenCommaOk(root)
		x.jsonErrorAsserts(root)
	}
	for _, root := range roots {
		x.constDecls(root)
		x.statements(root)
	}
	for _, root := range roots {
		x.conversions(root)
		structTags(root)
	}
	for _, root := range roots {
		x.expressions(root)
	}
	if decls != nil {
		x.declarations(decls)
	}
	x.registerTypes(decls, stmts)
	if os.Getenv("PEERBOOK_REWRITE_DEBUG") != "" {
		var b strings.Builder
		b.WriteString("--- rewritten cell\n")
		if decls != nil {
			_ = printer.Fprint(&b, fset, decls)
			b.WriteString("\n")
		}
		if stmts != nil {
			_ = printer.Fprint(&b, fset, stmts)
			b.WriteString("\n")
		}
		fmt.Fprint(os.Stderr, b.String())
	}
	return nil
}

// cell is the state of one cell's rewrite.
type cell struct {
	r    *Rewriter
	fset *token.FileSet
	c    *checked
	info *types.Info

	labeledStmts map[*types.Label]ast.Stmt // labelled statements by label
	printArg     bool                      // converting the operands of a printing call
	descs        map[types.Type]*rt.Type   // printing descriptions of types
	roots        []ast.Node                // the cell's declarations and statements (refusals)
	fmtTypes     int                       // sessionHasFmtMethods: 0 unknown, 1 no, 2 yes
	twinsNow     map[string]twinUse        // composite types of values the cell puts in interfaces (twins.go)
	assertedNow  map[string]string         // twin types of the named types the cell asserts to
	instances    *[]*types.Named           // genericInstances, once computed
	addrTaken    map[*types.Var]bool       // the local variables whose address is taken (addrtaken.go)
	// Labels that gotos made from break and continue statements jump to: after the
	// statement (break) or at the end of the loop body (continue).
	pendingBreak, pendingCont map[ast.Stmt]string
}

// tmp returns a new name for a generated variable or label.
func (x *cell) tmp(what string) string {
	x.r.n++
	return fmt.Sprintf("_pb_%s%d", what, x.r.n)
}

// typeOf is the type of an expression, nil when unknown.
func (x *cell) typeOf(e ast.Expr) types.Type {
	if tv, ok := x.info.Types[e]; ok {
		return tv.Type
	}
	if id, ok := e.(*ast.Ident); ok {
		if obj := x.info.ObjectOf(id); obj != nil {
			return obj.Type()
		}
	}
	return nil
}

// typeExpr returns a type expression for t, valid in the cell, positioned at pos.
func (x *cell) typeExpr(t types.Type, pos token.Pos) (ast.Expr, bool) {
	if t == nil {
		return nil, false
	}
	s, ok := x.c.typeString(t)
	if !ok {
		return nil, false
	}
	e, err := parser.ParseExpr(s)
	if err != nil {
		return nil, false
	}
	// The positions ParseExpr gave are offsets in s, which the cell's file set reads as
	// another file's (whose imports yaegi would search for a package's name): all at pos.
	clearPos(e)
	setPos(e, pos)
	return e, true
}

// parseStmts parses generated statements (a function body's list), positioned at pos.
func parseStmts(pos token.Pos, format string, args ...any) []ast.Stmt {
	src := "package p\nfunc _() {\n" + fmt.Sprintf(format, args...) + "\n}"
	f, err := parser.ParseFile(token.NewFileSet(), "", src, 0)
	if err != nil {
		panic(fmt.Sprintf("generated code does not parse: %v\n%s", err, src))
	}
	list := f.Decls[0].(*ast.FuncDecl).Body.List
	for _, s := range list {
		clearPos(s)
		setPos(s, pos)
	}
	return list
}

// parseDecl parses one generated declaration (from a file's source), positioned at pos.
func parseDecl(pos token.Pos, src string) ast.Decl {
	f, err := parser.ParseFile(token.NewFileSet(), "", src, 0)
	if err != nil || len(f.Decls) != 1 {
		panic(fmt.Sprintf("generated code does not parse: %v\n%s", err, src))
	}
	d := f.Decls[0]
	clearPos(d)
	setPos(d, pos)
	return d
}

// parseExpr parses a generated expression, positioned at pos.
func parseExpr(pos token.Pos, format string, args ...any) ast.Expr {
	src := fmt.Sprintf(format, args...)
	e, err := parser.ParseExpr(src)
	if err != nil {
		panic(fmt.Sprintf("generated code does not parse: %v\n%s", err, src))
	}
	clearPos(e)
	setPos(e, pos)
	return e
}

// clearPos resets every position of a freshly parsed tree, except CallExpr.Ellipsis
// which it keeps as a flag (set to 1).
func clearPos(n ast.Node) {
	ast.Inspect(n, func(m ast.Node) bool {
		v := reflect.ValueOf(m)
		if m == nil || v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() != reflect.Struct {
			return m != nil
		}
		s := v.Elem()
		_, isCall := m.(*ast.CallExpr)
		for i := 0; i < s.NumField(); i++ {
			f := s.Field(i)
			if f.Type() != posType || !f.CanSet() {
				continue
			}
			if isCall && s.Type().Field(i).Name == "Ellipsis" && f.Int() != 0 {
				f.SetInt(1)
				continue
			}
			f.SetInt(0)
		}
		return true
	})
}

// isPrelude reports whether a name belongs to generated code.
func isPrelude(name string) bool { return strings.HasPrefix(name, "_pb") }

// Close drops what the rewriter registered for its session in package rt (printing
// methods, functions of its interpreter): call it when the interpreter is dropped, so that
// nothing keeps it alive.
func (r *Rewriter) Close() { rt.Forget(r.session) }
