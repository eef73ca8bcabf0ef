package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
)

// cellsPkg is the path of the package the cells are checked as.
const cellsPkg = "main"

// instantiate type-checks the cells against the packages and records in g the instances
// of the packages' generics they use, and where (see package naming). The check is
// forgiving: cells are yaegi's (statements at top level, names redefined by later cells),
// checked as one package (the declarations at package level, the statements in one
// function, in cell order); errors are ignored, and a use whose type arguments could not
// be inferred gets no instance (the evaluator refuses it, saying so).
func instantiate(g *gen, fset *token.FileSet, imp types.Importer, cells []string) {
	defer func() {
		// The check is a help: a failure of it leaves uses without instances (refused
		// in the cells, saying so), never the build without its symbols.
		if p := recover(); p != nil {
			fmt.Fprintf(os.Stderr, "modulegen: checking the cells' uses of generics failed: %v\n", p)
		}
	}()
	var files []*ast.File
	var stmts []ast.Stmt
	importNames := map[string]string{} // local name -> path, over all cells
	merged := &ast.GenDecl{Tok: token.IMPORT}
	var decls, stmtSrcs []string
	for _, cell := range cells {
		decl, stmt, ok := splitCell(strings.Split(cell, "\n"))
		if !ok {
			decl, stmt = "", ""
		}
		decls, stmtSrcs = append(decls, decl), append(stmtSrcs, stmt)
		f, err := parser.ParseFile(token.NewFileSet(), "", "package main\n"+decl, parser.ImportsOnly)
		if err != nil {
			continue
		}
		for _, is := range f.Imports {
			path, _ := strconv.Unquote(is.Path.Value)
			local := importName(is, path, g.pkgs)
			if _, dup := importNames[local]; !dup && local != "_" && local != "." {
				importNames[local] = path
				merged.Specs = append(merged.Specs, &ast.ImportSpec{Name: ast.NewIdent(local), Path: &ast.BasicLit{Kind: token.STRING, Value: strconv.Quote(path)}})
			}
		}
	}
	// Imports are a file's: every cell's declarations see those of all cells (a cell's own
	// imports are then declared twice, an error the check goes past).
	var importBlock strings.Builder
	for _, name := range slices.Sorted(maps.Keys(importNames)) {
		fmt.Fprintf(&importBlock, "import %s %q\n", name, importNames[name])
	}
	for i := range cells {
		decl, stmt := decls[i], stmtSrcs[i]
		name := "cell" + strconv.Itoa(i)
		// A source with syntax errors still gives what parsed (the session refuses the
		// cell with the errors; the rest of it is checked).
		if f, _ := parser.ParseFile(fset, name+".go", "package main\n"+importBlock.String()+"//line "+name+":1:1\n"+decl, parser.SkipObjectResolution); f != nil {
			files = append(files, f)
		}
		if strings.TrimSpace(stmt) == "" {
			continue
		}
		f, _ := parser.ParseFile(fset, name+"_stmts.go", "package main\nfunc _() {\n//line "+name+":1:1\n"+stmt+"\n}", parser.SkipObjectResolution)
		if f != nil && len(f.Decls) > 0 {
			if fd, ok := f.Decls[0].(*ast.FuncDecl); ok && fd.Body != nil {
				stmts = append(stmts, fd.Body.List...)
			}
		}
	}
	// The variables top-level statements define are the session's: declared at package
	// level, the functions cells declare see them, as in the session.
	var vars []ast.Decl
	kept := stmts[:0]
	for _, st := range stmts {
		if d := asVarDecl(st); d != nil {
			vars = append(vars, d)
			continue
		}
		kept = append(kept, st)
	}
	stmts = kept
	if len(vars) > 0 {
		f := &ast.File{Name: ast.NewIdent("main"), Decls: vars}
		if len(merged.Specs) > 0 {
			f.Decls = append([]ast.Decl{merged}, f.Decls...)
		}
		files = append(files, f)
	}
	if len(stmts) > 0 {
		body := &ast.BlockStmt{Lbrace: stmts[0].Pos() - 1, List: stmts, Rbrace: stmts[len(stmts)-1].End()}
		fn := &ast.FuncDecl{Name: ast.NewIdent("_pb_cells"), Type: &ast.FuncType{Params: &ast.FieldList{}}, Body: body}
		f := &ast.File{Name: ast.NewIdent("main"), Decls: []ast.Decl{fn}}
		if len(merged.Specs) > 0 {
			f.Decls = append([]ast.Decl{merged}, f.Decls...)
		}
		files = append(files, f)
	}
	info := &types.Info{
		Uses:      map[*ast.Ident]types.Object{},
		Instances: map[*ast.Ident]types.Instance{},
	}
	conf := types.Config{Importer: imp, Error: func(error) {}}
	conf.Check(cellsPkg, fset, files, info) // errors are expected (see above)

	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			x, ok := sel.X.(*ast.Ident)
			if !ok {
				return true
			}
			pn, ok := info.Uses[x].(*types.PkgName)
			if !ok || g.tables[pn.Imported().Path()] == nil {
				return true
			}
			obj := info.Uses[sel.Sel]
			if obj == nil || typeParams(obj) == 0 {
				return true
			}
			g.use(obj, sel, info)
			return true
		})
	}
}

// use records the instance of the generic obj that sel (a pkg.Name of a cell) uses, when
// its type arguments are known and can be compiled; the evaluator runs any other use
// interpreted (see package naming).
func (g *gen) use(obj types.Object, sel *ast.SelectorExpr, info *types.Info) {
	inst, found := info.Instances[sel.Sel]
	if !found {
		return
	}
	if _, err := g.instance(obj, inst.TypeArgs); err != nil {
		return // interpreted in the evaluator, or refused with the reason there
	}
}

// asVarDecl returns the package-level declaration of the variables a top-level statement
// defines (x, y := f(); var z = g()), nil for another statement.
func asVarDecl(st ast.Stmt) ast.Decl {
	switch st := st.(type) {
	case *ast.DeclStmt:
		if g, ok := st.Decl.(*ast.GenDecl); ok && g.Tok == token.VAR {
			return g
		}
	case *ast.AssignStmt:
		if st.Tok != token.DEFINE {
			return nil
		}
		spec := &ast.ValueSpec{Values: st.Rhs}
		for _, l := range st.Lhs {
			id, ok := l.(*ast.Ident)
			if !ok {
				return nil
			}
			spec.Names = append(spec.Names, id)
		}
		return &ast.GenDecl{TokPos: st.Pos(), Tok: token.VAR, Specs: []ast.Spec{spec}}
	}
	return nil
}

// importName returns the name a cell's import spec binds.
func importName(is *ast.ImportSpec, path string, pkgs map[string]*types.Package) string {
	if is.Name != nil {
		return is.Name.Name
	}
	if p := pkgs[path]; p != nil {
		return p.Name()
	}
	return path[strings.LastIndex(path, "/")+1:]
}

// splitCell returns a cell's declarations and its top-level statements as two sources of
// the cell's lines (the other lines blank, so that positions stay the cell's). A line
// starting, outside brackets, with func, type, import, const or var starts declarations;
// any other starts statements. Magic lines (%, !) are blank in both. ok is false for a
// %%cuda cell.
func splitCell(lines []string) (decl, stmt string, ok bool) {
	src := strings.Join(lines, "\n")
	isDecl := make([]bool, len(lines))
	magic := make([]bool, len(lines))
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if t == "%%cuda" || t == "//peerbook:cuda" {
			return "", "", false
		}
		magic[i] = strings.HasPrefix(t, "%") || strings.HasPrefix(t, "!")
	}
	fset := token.NewFileSet()
	file := fset.AddFile("", -1, len(src))
	var s scanner.Scanner
	s.Init(file, []byte(src), func(token.Position, string) {}, 0)
	depth, lastLine, inDecl := 0, 0, false
	for {
		pos, tok, _ := s.Scan()
		if tok == token.EOF {
			break
		}
		line := file.Line(pos)
		if line != lastLine && line <= len(lines) && !magic[line-1] {
			if depth == 0 {
				switch tok {
				case token.FUNC, token.TYPE, token.IMPORT, token.CONST, token.VAR:
					inDecl = true
				case token.SEMICOLON, token.RPAREN, token.RBRACE:
				default:
					inDecl = false
				}
			}
			isDecl[line-1] = inDecl
			lastLine = line
		}
		switch tok {
		case token.LPAREN, token.LBRACE, token.LBRACK:
			depth++
		case token.RPAREN, token.RBRACE, token.RBRACK:
			depth = max(depth-1, 0)
		}
	}
	d, st := make([]string, len(lines)), make([]string, len(lines))
	for i, l := range lines {
		switch {
		case magic[i]:
		case isDecl[i]:
			d[i] = l
		default:
			st[i] = l
		}
	}
	return strings.Join(d, "\n"), strings.Join(st, "\n"), true
}
