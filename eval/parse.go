package eval

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"strconv"
	"strings"

	"github.com/peerbook/peerbook/eval/internal/rewrite"
	"github.com/peerbook/peerbook/eval/internal/stdlib"
)

// The parse stage of a cell (cellpath.go): the cell cut into top-level items, each parsed
// with the cell's positions, and what each defines and uses.

// lineStride separates the line numbers of different cells inside the interpreter: line L of
// the cell with serial S is line S*lineStride+L for yaegi. All cells share one file name
// ("_.go") because yaegi scopes imports by file name, and a notebook's imports must persist
// from cell to cell; the line number carries which cell a position belongs to. Go's
// scanner takes lines up to 2^30, so serials are taken modulo maxSerial (see nextSerial),
// and a cell's lines past lineStride-1 are reported in the next cell's numbering.
const lineStride = 10_000

// maxSerial bounds cell serials (line numbers must stay below 2^30).
const maxSerial = (1<<30)/lineStride - 1

// srcFile is the file name every cell has inside the interpreter.
const srcFile = "_.go"

// lineDirective positions the text that follows it at line:col of the cell with serial.
func lineDirective(serial, line, col int) string {
	return fmt.Sprintf("/*line %s:%d:%d*/", srcFile, serial*lineStride+line, col)
}

// item is one top-level statement or declaration of a cell, parsed.
type item struct {
	kind   chunkKind
	stmt   ast.Stmt  // for statements (and var/const/type declarations run as statements)
	decl   ast.Decl  // for declarations
	file   *ast.File // the file the declaration was parsed in
	src    string    // text as written (declarations)
	line   int       // cell line of the first byte
	col    int       // cell column of the first byte
	defs   []string  // names it defines ("T.M" for a method M of T)
	uses   map[string]bool
	index  int  // position in the cell, in source order
	hoist  bool // declaration compiled before the statements run
	kernel bool // Go kernel or device function: goes to the gpu package, not to yaegi
	// fromVar: a package-level var declaration of the cell, also once it runs as a
	// statement (hoistVarDecl); init and main run after those (plan).
	fromVar bool

	// A statement run as a function literal that assigns the variables it defines (see
	// toplevel.go): pre declares them (those that need it) before it runs.
	pre     []ast.Stmt
	hoisted []string          // the names it defines (nil: not such a statement)
	spelled map[string]string // their types
	memo    map[string]string // what the typer remembers once it has compiled (see cellTyper)
}

// parsedCell is a cell cut into items, ready to be planned.
type parsedCell struct {
	serial   int
	items    []*item
	suppress bool      // the cell ends with ';': no value shown
	deferPos token.Pos // the first top-level defer statement (see cellLevel)
	temps    []string  // temporary session variables, forgotten when the cell ends

	// types is the cell's go/types check (see Session.checkTypes), made at most once and
	// shared by the stages that need types; nil until one asks.
	types *cellTypes
}

// parseCell splits and parses a cell's Go code. Errors are *scanner.ErrorList with positions
// in the interpreter's line numbering (decoded by the error formatter).
func parseCell(fset *token.FileSet, serial int, code string) (*parsedCell, error) {
	pc := &parsedCell{serial: serial, suppress: endsWithSemicolon(code)}
	code, err := dropPackageClause(code)
	if err != nil {
		return nil, err
	}
	chunks := splitCell(code)
	// Merge runs of statements, so that each run is parsed at once.
	var merged []chunk
	for _, c := range chunks {
		if n := len(merged); n > 0 && c.kind == chunkStmt && merged[n-1].kind == chunkStmt {
			last := &merged[n-1]
			last.src = code[last.offset : c.offset+len(c.src)]
			continue
		}
		merged = append(merged, c)
	}
	var errs scanner.ErrorList
	for _, c := range merged {
		if c.kind == chunkStmt {
			text := "package main;func _(){" + lineDirective(serial, c.line, c.col) + c.src + "\n}"
			f, err := parser.ParseFile(fset, srcFile, text, parser.ParseComments)
			if err != nil {
				errs = append(errs, asErrorList(err)...)
				continue
			}
			body := f.Decls[0].(*ast.FuncDecl).Body
			for _, st := range body.List {
				it := &item{kind: chunkStmt, stmt: st}
				it.line, it.col = cellPosition(fset, st.Pos())
				pc.items = append(pc.items, it)
			}
			continue
		}
		text := "package main\n" + lineDirective(serial, c.line, c.col) + c.src
		f, err := parser.ParseFile(fset, srcFile, text, parser.ParseComments)
		if err != nil {
			errs = append(errs, asErrorList(err)...)
			continue
		}
		for _, d := range f.Decls {
			if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.VAR && len(gd.Specs) > 1 {
				pc.items = append(pc.items, varSpecItems(fset, f, gd, c, len(text)-len(c.src))...)
				continue
			}
			it := &item{kind: c.kind, decl: d, file: f, src: c.src, line: c.line, col: c.col}
			if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.IMPORT {
				it.kind = chunkImport
				errs = append(errs, refusedImports(fset, gd)...)
			}
			pc.items = append(pc.items, it)
		}
	}
	if len(errs) > 0 {
		errs.Sort()
		return nil, unclosedError(serial, code, errs)
	}
	for i, it := range pc.items {
		it.index = i
		analyse(it)
	}
	return pc, nil
}

// unclosedError makes the parser's errors of a cell with a bracket never closed one error
// at that bracket: the parser, reaching the cell's end, reports what follows it line after
// line and then the end of the code it wraps the cell in (a line after the cell's last). The
// errors before the bracket stay: they are the cell's own.
func unclosedError(serial int, code string, errs scanner.ErrorList) scanner.ErrorList {
	line, col, tok, ok := unclosedBracket(code)
	if !ok {
		return withinCell(serial, code, errs)
	}
	var out scanner.ErrorList
	for _, e := range errs {
		l, c := e.Pos.Line%lineStride, e.Pos.Column
		if l < line || l == line && c < col {
			out = append(out, e)
		}
	}
	return append(out, &scanner.Error{
		Pos: token.Position{Filename: srcFile, Line: serial*lineStride + line, Column: col},
		Msg: fmt.Sprintf("this %s is never closed: the cell ends before its %s", tok, closerOf[tok]),
	})
}

// withinCell keeps the errors the parser reports past the cell's last line (at the end of
// the code it wraps statements in) off lines that don't exist: dropped where the cell has
// other errors, else placed at the end of the cell.
func withinCell(serial int, code string, errs scanner.ErrorList) scanner.ErrorList {
	lines := strings.Split(code, "\n")
	var in, past scanner.ErrorList
	for _, e := range errs {
		if e.Pos.Line%lineStride > len(lines) {
			past = append(past, e)
		} else {
			in = append(in, e)
		}
	}
	if len(past) == 0 {
		return errs
	}
	if len(in) > 0 {
		return in
	}
	e := *past[0]
	e.Pos.Line = serial*lineStride + len(lines)
	e.Pos.Column = len(lines[len(lines)-1]) + 1
	return scanner.ErrorList{&e}
}

// varSpecItems makes an item of each spec of a grouped var declaration (`var ( a = f("a");
// b = f("b") )`), so that initOrderItems puts them in Go's initialisation order one by one,
// as Go does: the group ran in the order the interpreter chose (Go's
// test/fixedbugs/issue22326.go printed abcd_ where Go prints abc_d). Each item's text is
// "var " and its spec; prefix is the length of the text parsed before the chunk's.
func varSpecItems(fset *token.FileSet, f *ast.File, gd *ast.GenDecl, c chunk, prefix int) []*item {
	group := map[any]bool{}
	for _, spec := range gd.Specs {
		group[spec] = true
	}
	var out []*item
	for _, spec := range gd.Specs {
		// A name of another spec of the group is a use, as it is between two declarations
		// (the parser resolved it to the group's declaration: collectUses skips it).
		ast.Inspect(spec, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && id.Obj != nil && group[id.Obj.Decl] && id.Obj.Decl != spec {
				id.Obj = nil
			}
			return true
		})
		decl := &ast.GenDecl{TokPos: spec.Pos(), Tok: token.VAR, Specs: []ast.Spec{spec}}
		start := fset.Position(spec.Pos()).Offset - prefix
		end := fset.Position(spec.End()).Offset - prefix
		src := c.src
		if start >= 0 && end <= len(c.src) && start < end {
			src = "var " + c.src[start:end]
		}
		it := &item{kind: c.kind, decl: decl, file: f, src: src}
		it.line, it.col = cellPosition(fset, spec.Pos())
		out = append(out, it)
	}
	return out
}

// asErrorList turns a parser error into a list.
func asErrorList(err error) scanner.ErrorList {
	if l, ok := err.(scanner.ErrorList); ok {
		return l
	}
	return scanner.ErrorList{&scanner.Error{Msg: err.Error()}}
}

// cellPosition returns the cell line and column of pos.
func cellPosition(fset *token.FileSet, pos token.Pos) (line, col int) {
	p := fset.Position(pos)
	return p.Line % lineStride, p.Column
}

// endsWithSemicolon reports whether the last token of code is an explicit ';'.
func endsWithSemicolon(code string) bool {
	fset := token.NewFileSet()
	f := fset.AddFile("", -1, len(code))
	var s scanner.Scanner
	s.Init(f, []byte(code), func(token.Position, string) {}, 0)
	last := token.ILLEGAL
	lastLit := ""
	for {
		_, t, lit := s.Scan()
		if t == token.EOF {
			break
		}
		if t == token.SEMICOLON && lit == "\n" {
			continue
		}
		last, lastLit = t, lit
	}
	return last == token.SEMICOLON && lastLit == ";"
}

// analyse fills in the names an item defines and the free names it uses.
func analyse(it *item) {
	it.uses = map[string]bool{}
	it.defs = nil
	if it.hoisted != nil {
		it.defs = append([]string(nil), it.hoisted...)
		for _, p := range it.pre {
			collectUses(p, it.uses)
		}
		collectUses(it.stmt, it.uses)
		for _, n := range it.defs {
			delete(it.uses, n)
		}
		return
	}
	if it.stmt != nil {
		it.defs = stmtDefs(it.stmt)
		collectUses(it.stmt, it.uses)
		return
	}
	switch d := it.decl.(type) {
	case *ast.FuncDecl:
		if d.Recv != nil && len(d.Recv.List) == 1 {
			recv := rewrite.RecvBase(d.Recv.List[0].Type)
			it.kind = chunkMethod
			it.defs = []string{recv + "." + d.Name.Name}
			it.uses[recv] = true
		} else {
			it.kind = chunkFunc
			it.defs = []string{d.Name.Name}
		}
		collectUses(d, it.uses)
	case *ast.GenDecl:
		switch d.Tok {
		case token.IMPORT:
			it.kind = chunkImport
		case token.TYPE:
			it.kind = chunkType
		case token.VAR:
			it.kind = chunkVar
		case token.CONST:
			it.kind = chunkConst
		}
		for _, spec := range d.Specs {
			switch s := spec.(type) {
			case *ast.TypeSpec:
				it.defs = append(it.defs, s.Name.Name)
			case *ast.ValueSpec:
				for _, n := range s.Names {
					if n.Name != "_" {
						it.defs = append(it.defs, n.Name)
					}
				}
			case *ast.ImportSpec:
				name := importName(s)
				if name != "_" && name != "." {
					it.defs = append(it.defs, name)
				}
			}
		}
		if d.Tok != token.IMPORT {
			collectUses(d, it.uses)
		}
	}
	for _, n := range it.defs {
		if !strings.Contains(n, ".") {
			delete(it.uses, n) // a declaration that mentions itself does not depend on itself
		}
	}
}

// importName is the name an import spec binds (the last path element when unnamed).
func importName(s *ast.ImportSpec) string {
	if s.Name != nil {
		return s.Name.Name
	}
	p := strings.Trim(s.Path.Value, "\"`")
	if i := strings.LastIndex(p, "/"); i >= 0 {
		p = p[i+1:]
	}
	return p
}

// stmtDefs returns the names a top-level statement defines in the session.
func stmtDefs(st ast.Stmt) []string {
	var out []string
	switch s := st.(type) {
	case *ast.AssignStmt:
		if s.Tok == token.DEFINE {
			for _, l := range s.Lhs {
				if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
					out = append(out, id.Name)
				}
			}
		}
	case *ast.DeclStmt:
		if gd, ok := s.Decl.(*ast.GenDecl); ok {
			for _, spec := range gd.Specs {
				switch sp := spec.(type) {
				case *ast.ValueSpec:
					for _, n := range sp.Names {
						if n.Name != "_" {
							out = append(out, n.Name)
						}
					}
				case *ast.TypeSpec:
					out = append(out, sp.Name.Name)
				}
			}
		}
	case *ast.LabeledStmt:
		return stmtDefs(s.Stmt)
	}
	return out
}

// collectUses adds to uses every identifier n refers to that is not declared inside n
// (unresolved by the parser), and ".Name" for every selector, so that redefining a method
// can find its callers. Struct keys and labels count too: a spurious dependency only costs a
// re-evaluation.
func collectUses(n ast.Node, uses map[string]bool) {
	ast.Inspect(n, func(x ast.Node) bool {
		switch v := x.(type) {
		case *ast.Ident:
			if v.Obj == nil && v.Name != "_" {
				uses[v.Name] = true
			}
		case *ast.SelectorExpr:
			uses["."+v.Sel.Name] = true
			collectUses(v.X, uses)
			return false
		case *ast.Field:
			// Field and parameter names are not uses; their types are.
			if v.Type != nil {
				collectUses(v.Type, uses)
			}
			return false
		}
		return true
	})
}

// dropPackageClause accepts a whole program pasted into a cell: a leading "package main"
// clause becomes blanks (positions do not move) and the cell is read as the rest of the
// file (its func main runs once, as with go run). Another package name is refused: cells
// are package main.
func dropPackageClause(code string) (string, error) {
	fset := token.NewFileSet()
	file := fset.AddFile("cell", -1, len(code))
	var s scanner.Scanner
	s.Init(file, []byte(code), nil, 0)
	pos, tok, _ := s.Scan()
	if tok != token.PACKAGE {
		return code, nil
	}
	npos, ntok, name := s.Scan()
	if ntok != token.IDENT {
		return code, nil
	}
	if name != "main" {
		p := file.Position(npos)
		return "", scanner.ErrorList{{Pos: p, Msg: fmt.Sprintf("peerbook: package %s: cells are part of package main; paste a program of package main, or leave the package clause out", name)}}
	}
	start, end := file.Offset(pos), file.Offset(npos)+len(name)
	return code[:start] + strings.Repeat(" ", end-start) + code[end:], nil
}

// refusedImports returns an error for each import of a standard library package that
// cells cannot use, with the reason (see stdlib.Refused).
func refusedImports(fset *token.FileSet, gd *ast.GenDecl) scanner.ErrorList {
	var errs scanner.ErrorList
	for _, spec := range gd.Specs {
		is := spec.(*ast.ImportSpec)
		path, err := strconv.Unquote(is.Path.Value)
		if err != nil {
			continue
		}
		if reason := stdlib.Refused(path); reason != "" {
			errs = append(errs, &scanner.Error{Pos: fset.Position(is.Path.Pos()),
				Msg: fmt.Sprintf("peerbook: package %s is not supported in cells: %s", path, reason)})
		}
	}
	return errs
}
