package eval

import (
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"github.com/peerbook/peerbook/eval/internal/rewrite"
)

// What the code at the cursor means, for completion and inspect. The cell as written up to
// the cursor is made to parse (magic lines blanked, open brackets closed, the statement cut
// where the cursor is) and checked with go/types against the session's declarations and
// imports, so that any expression has a type: `gpu.Dev(0).`, a kernel's parameter `t.`, a
// method expression `gpu.Buffer.Reshape`. Inside a Go kernel's body, package gpu is the one
// kernels see (gpu/kernelapi.go: Thread, Peer, the atomics), so its generic functions have
// types too. Errors don't stop the check: the code is unfinished by nature.

// holeName stands for the identifier being completed, so that "x." parses as a selector.
const holeName = "_pbHole"

// cursorCheck is the check of a cell's code up to the cursor.
type cursorCheck struct {
	fset   *token.FileSet
	file   *ast.File
	info   *types.Info
	pkg    *types.Package
	kernel bool // the cursor is in a Go kernel's (or device function's) body

	chunks []parsedChunk
}

// parsedChunk is a chunk of the cell and the file it was parsed in.
type parsedChunk struct {
	chunk
	tf     *token.File
	prefix int // bytes of the wrapper before the chunk's text
}

// pos returns the position of the cell's byte offset off, NoPos when no chunk holds it.
func (cc *cursorCheck) pos(off int) token.Pos {
	for _, c := range cc.chunks {
		if off >= c.offset && off <= c.offset+len(c.src) && c.tf != nil {
			at := off - c.offset + c.prefix
			if at <= c.tf.Size() {
				return c.tf.Pos(at)
			}
		}
	}
	return token.NoPos
}

// cursorSource returns code cut at end, followed by tail, with magic lines blanked and the
// brackets still open closed: code that parses as far as the cursor.
func cursorSource(code string, end int, tail string) string {
	lines := strings.Split(code[:end], "\n")
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "%") || strings.HasPrefix(t, "!") && !strings.HasPrefix(t, "!=") ||
			strings.HasPrefix(t, "//peerbook:") {
			lines[i] = strings.Repeat(" ", len(l))
		}
	}
	src := strings.Join(lines, "\n") + tail
	// Close what is open, innermost first.
	fset := token.NewFileSet()
	f := fset.AddFile("", -1, len(src))
	var s scanner.Scanner
	s.Init(f, []byte(src), func(token.Position, string) {}, 0)
	var open []token.Token
	for {
		_, t, _ := s.Scan()
		if t == token.EOF {
			break
		}
		switch t {
		case token.LPAREN, token.LBRACK, token.LBRACE:
			open = append(open, t)
		case token.RPAREN, token.RBRACK, token.RBRACE:
			if len(open) > 0 {
				open = open[:len(open)-1]
			}
		}
	}
	var b strings.Builder
	b.WriteString(src)
	for i := len(open) - 1; i >= 0; i-- {
		switch open[i] {
		case token.LPAREN:
			b.WriteString(")")
		case token.LBRACK:
			b.WriteString("]")
		case token.LBRACE:
			b.WriteString("\n}")
		}
	}
	return b.String()
}

// checkAt checks the cell's code cut at end and followed by tail (holeName, for completion).
// The caller holds s.mu. Nil for a %%cuda cell.
func (s *Session) checkAt(code string, end int, tail string) *cursorCheck {
	if mc, err := parseMagics(code); err == nil && mc.cuda {
		return nil
	}
	src := cursorSource(code, end, tail)
	cc := &cursorCheck{fset: token.NewFileSet(), info: &types.Info{
		Types:      map[ast.Expr]types.TypeAndValue{},
		Defs:       map[*ast.Ident]types.Object{},
		Uses:       map[*ast.Ident]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
		Scopes:     map[ast.Node]*types.Scope{},
	}}
	var imports []*ast.GenDecl
	var decls []ast.Decl
	var stmts []ast.Stmt
	cellNames := map[string]bool{}
	for _, c := range splitCell(src) {
		pch := parsedChunk{chunk: c}
		text := "package main\n" + c.src
		if c.kind == chunkStmt {
			text = "package main;func _(){\n" + c.src + "\n}"
		}
		pch.prefix = strings.Index(text, c.src)
		f, _ := parser.ParseFile(cc.fset, "cell.go", text, parser.ParseComments|parser.AllErrors)
		if f == nil {
			continue
		}
		pch.tf = cc.fset.File(f.FileStart)
		cc.chunks = append(cc.chunks, pch)
		for _, d := range f.Decls {
			if c.kind == chunkStmt {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
					stmts = append(stmts, fd.Body.List...)
				}
				continue
			}
			if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.IMPORT {
				imports = append(imports, gd)
				continue
			}
			decls = append(decls, d)
			for _, n := range declNames(d) {
				cellNames[n] = true
			}
		}
	}
	// The cell's imports, then the session's the cell does not replace.
	cellImports := map[string]string{}
	for _, gd := range imports {
		for _, spec := range gd.Specs {
			is := spec.(*ast.ImportSpec)
			if p, err := strconv.Unquote(is.Path.Value); err == nil {
				cellImports[s.typer.importName(is, p)] = p
			}
		}
	}
	sessionImports := s.checkImports()
	gpuNames := map[string]bool{}
	for name, p := range sessionImports {
		if _, mine := cellImports[name]; !mine && (p == gpuPath || p == "peerbook/gpu") {
			gpuNames[name] = true
		}
	}
	for name, p := range cellImports {
		if p == gpuPath || p == "peerbook/gpu" {
			gpuNames[name] = true
		}
	}
	file := &ast.File{Name: ast.NewIdent("main"), FileStart: 1}
	file.Decls = append(file.Decls, importDecl(sessionImports, cellImports))
	for _, gd := range imports {
		file.Decls = append(file.Decls, gd)
	}
	// In a kernel's body, the check is of the cell's kernels alone, against the kernel API.
	var importer types.Importer = s.typer.imp
	if k := enclosingFunc(decls, cc.pos(end)); k != nil && isKernel(k, gpuNames) {
		if api, _ := kernelAPIPackage(); api != nil {
			cc.kernel = true
			host := s.typer.imp
			importer = importerFunc(func(path string) (*types.Package, error) {
				if path == gpuPath || path == "peerbook/gpu" {
					return api, nil
				}
				return host.Import(path)
			})
			for _, d := range decls {
				if fd, ok := d.(*ast.FuncDecl); ok && (fd == k || isKernel(fd, gpuNames)) {
					file.Decls = append(file.Decls, fd)
				}
			}
		}
	}
	if !cc.kernel {
		file.Decls = append(file.Decls, s.sessionDecls(cc.fset, decls, stmts, cellNames)...)
		file.Decls = append(file.Decls, decls...)
		file.Decls = append(file.Decls, &ast.FuncDecl{Name: ast.NewIdent(cellFuncName),
			Type: &ast.FuncType{Params: &ast.FieldList{}}, Body: &ast.BlockStmt{List: stmts}})
	}
	file.FileEnd = token.Pos(cc.fset.Base())
	cc.file = file
	conf := types.Config{Importer: importer, Error: func(error) {}}
	func() {
		defer func() { _ = recover() }() // a checker failure must not stop completion
		cc.pkg, _ = conf.Check("main", cc.fset, []*ast.File{file}, cc.info)
	}()
	return cc
}

// declNames returns the names a package-level declaration declares ("T.M" for a method).
func declNames(d ast.Decl) []string {
	switch d := d.(type) {
	case *ast.FuncDecl:
		if d.Recv != nil && len(d.Recv.List) > 0 {
			return []string{rewrite.RecvBase(d.Recv.List[0].Type) + "." + d.Name.Name}
		}
		return []string{d.Name.Name}
	case *ast.GenDecl:
		var out []string
		for _, spec := range d.Specs {
			switch sp := spec.(type) {
			case *ast.TypeSpec:
				out = append(out, sp.Name.Name)
			case *ast.ValueSpec:
				for _, n := range sp.Names {
					out = append(out, n.Name)
				}
			}
		}
		return out
	}
	return nil
}

// enclosingFunc returns the function declaration whose body holds pos.
func enclosingFunc(decls []ast.Decl, pos token.Pos) *ast.FuncDecl {
	if !pos.IsValid() {
		return nil
	}
	for _, d := range decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && fd.Body.Lbrace < pos && pos <= fd.Body.End() {
			return fd
		}
	}
	return nil
}

// sessionDecls returns the session's remembered declarations of the names the cell's code
// mentions (and of the names these mention, with the methods of types among them), parsed
// again in fset, except what the cell declares itself.
func (s *Session) sessionDecls(fset *token.FileSet, decls []ast.Decl, stmts []ast.Stmt, cellNames map[string]bool) []ast.Decl {
	seen := map[string]bool{}
	var queue []string
	add := func(name string) {
		if cellNames[name] || seen[name] {
			return
		}
		if _, ok := s.decls.typed(name); ok {
			seen[name] = true
			queue = append(queue, name)
		}
	}
	visit := func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			add(id.Name)
		}
		return true
	}
	for _, d := range decls {
		ast.Inspect(d, visit)
	}
	for _, st := range stmts {
		ast.Inspect(st, visit)
	}
	var out []ast.Decl
	for len(queue) > 0 {
		name := queue[0]
		queue = queue[1:]
		td, _ := s.decls.typed(name)
		for _, r := range td.refs {
			add(r)
		}
		for _, m := range s.decls.methods[name] {
			if !cellNames[m] {
				add(m)
			}
		}
		if b, _, isMethod := strings.Cut(name, "."); isMethod && cellNames[b] {
			continue // a method of a type the cell declares again
		}
		f, err := parser.ParseFile(fset, "session.go", "package main\n"+td.src, 0)
		if err == nil {
			out = append(out, f.Decls...)
		}
	}
	return out
}

// path returns the nodes from the file down to the innermost node holding pos.
func (cc *cursorCheck) path(pos token.Pos) []ast.Node {
	var stack, best []ast.Node
	ast.Inspect(cc.file, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		// The nodes checkAt makes (the file, the function around the statements) have no
		// positions: they hold whatever they hold.
		if n.Pos().IsValid() && (n.Pos() > pos || pos > n.End()) {
			return false
		}
		stack = append(stack, n)
		if len(stack) > len(best) {
			best = append(best[:0], stack...)
		}
		return true
	})
	return best
}

// identAt returns the identifier starting at pos, and the nodes that hold it.
func (cc *cursorCheck) identAt(pos token.Pos) (*ast.Ident, []ast.Node) {
	p := cc.path(pos)
	for i := len(p) - 1; i >= 0; i-- {
		if id, ok := p[i].(*ast.Ident); ok && id.Pos() == pos {
			return id, p[:i]
		}
	}
	return nil, nil
}

// hole returns the identifier standing for what is being completed, and the nodes that
// hold it.
func (cc *cursorCheck) hole() (*ast.Ident, []ast.Node) {
	var found *ast.Ident
	ast.Inspect(cc.file, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && strings.HasSuffix(id.Name, holeName) && found == nil {
			found = id
		}
		return found == nil
	})
	if found == nil {
		return nil, nil
	}
	return found, cc.path(found.Pos())[:max(len(cc.path(found.Pos()))-1, 0)]
}

// localNames returns the names declared in the function scopes around pos before it
// (parameters, local variables), innermost first.
func (cc *cursorCheck) localNames(parents []ast.Node, pos token.Pos) []types.Object {
	var out []types.Object
	seen := map[string]bool{}
	for i := len(parents) - 1; i >= 0; i-- {
		n := parents[i]
		switch f := n.(type) { // a function's scope is its type's, not its body's
		case *ast.FuncDecl:
			n = f.Type
		case *ast.FuncLit:
			n = f.Type
		}
		sc := cc.info.Scopes[n]
		if sc == nil {
			continue
		}
		for _, name := range sc.Names() {
			obj := sc.Lookup(name)
			if seen[name] || obj.Pos() >= pos || strings.HasPrefix(name, "_pb") || name == "_" {
				continue
			}
			seen[name] = true
			out = append(out, obj)
		}
	}
	return out
}
