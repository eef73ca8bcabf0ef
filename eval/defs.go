package eval

import (
	"bytes"
	"go/ast"
	"go/printer"
	"go/token"
	"regexp"
	"sort"
	"strings"

	"github.com/peerbook/peerbook/eval/internal/rewrite"
)

// definition is a name the session's cells defined, with what is needed to re-evaluate it
// (declarations) and to document it (completion, inspect, %who).
type definition struct {
	name   string    // "f", "T", "T.M" for methods
	kind   chunkKind // chunkFunc, chunkMethod, chunkType, chunkVar, chunkConst, chunkStmt (x := ...)
	recv   string    // receiver type of a method
	serial int       // the cell that defined it
	line   int       // where src starts in its cell (its doc comment, if any)
	col    int
	at     int             // the line of the declared name itself
	src    string          // declaration text (funcs, methods, types), for re-evaluation
	uses   map[string]bool // names the declaration refers to
	doc    string          // doc comment
	sig    string          // "func f(a int) int", "type T struct{...}", "var x int"
	order  int             // definition order, for stable listings
}

// reevaluable reports whether a definition can be compiled again from its source without
// running anything (declarations of functions, methods and types).
func (d *definition) reevaluable() bool {
	return d.src != "" && (d.kind == chunkFunc || d.kind == chunkMethod || d.kind == chunkType)
}

// record adds or replaces the definitions of a compiled item.
func (t *declTable) record(fset *token.FileSet, serial int, it *item) {
	for _, name := range it.defs {
		if name == "init" || name == "_" {
			continue // init functions are not declared; they ran once
		}
		d := &definition{name: name, kind: it.kind, serial: serial, line: it.line, col: it.col, at: it.line, uses: it.uses, order: t.next}
		if it.decl != nil {
			pos := it.decl.Pos()
			if fd, ok := it.decl.(*ast.FuncDecl); ok {
				pos = fd.Name.Pos()
			} else if gd, ok := it.decl.(*ast.GenDecl); ok {
				pos = gd.TokPos
			}
			d.at, _ = cellPosition(fset, pos)
		}
		t.next++
		switch decl := it.decl.(type) {
		case *ast.FuncDecl:
			d.src = it.src
			d.doc = docText(decl.Doc)
			d.sig = funcSignature(fset, decl)
			if decl.Recv != nil {
				d.recv = rewrite.RecvBase(decl.Recv.List[0].Type)
			}
		case *ast.GenDecl:
			d.doc = docText(decl.Doc)
			if decl.Tok == token.TYPE {
				d.src = it.src
			}
			d.sig, d.doc = specSignature(fset, decl, name, d.doc)
		}
		if it.stmt != nil {
			d.kind = chunkVar
			if ds, ok := it.stmt.(*ast.DeclStmt); ok {
				if gd, ok := ds.Decl.(*ast.GenDecl); ok {
					d.sig, d.doc = specSignature(fset, gd, name, docText(gd.Doc))
					switch gd.Tok {
					case token.CONST:
						d.kind = chunkConst
					case token.TYPE:
						d.kind = chunkType
					}
				}
			}
		}
		if d.kind == chunkImport {
			continue
		}
		if d.sig == "" && it.memo[name] != "" {
			d.sig = readable(it.memo[name]) // "var x T", with the type go/types found
		}
		t.setDef(d)
	}
}

// docText returns the text of a doc comment, without the session's line directives.
func docText(cg *ast.CommentGroup) string {
	if cg == nil {
		return ""
	}
	var list []*ast.Comment
	for _, c := range cg.List {
		if !strings.HasPrefix(c.Text, "/*line ") {
			list = append(list, c)
		}
	}
	return strings.TrimSpace((&ast.CommentGroup{List: list}).Text())
}

// funcSignature prints a function declaration without its body.
func funcSignature(fset *token.FileSet, fd *ast.FuncDecl) string {
	c := *fd
	c.Body = nil
	c.Doc = nil
	return nodeString(fset, &c)
}

// specSignature prints the spec of a general declaration that defines name, and returns the
// spec's own doc comment when the declaration has none.
func specSignature(fset *token.FileSet, gd *ast.GenDecl, name, doc string) (string, string) {
	for _, spec := range gd.Specs {
		switch s := spec.(type) {
		case *ast.TypeSpec:
			if s.Name.Name == name {
				c := *s
				c.Doc, c.Comment = nil, nil
				if doc == "" {
					doc = docText(s.Doc)
				}
				return "type " + nodeString(fset, &c), doc
			}
		case *ast.ValueSpec:
			for _, n := range s.Names {
				if n.Name == name {
					c := *s
					c.Doc, c.Comment = nil, nil
					if doc == "" {
						doc = docText(s.Doc)
					}
					text := gd.Tok.String() + " " + nodeString(fset, &c)
					if len(text) > 200 {
						text = text[:200] + "…"
					}
					return text, doc
				}
			}
		}
	}
	return "", doc
}

// nodeString prints an AST node.
func nodeString(fset *token.FileSet, n any) string {
	var b bytes.Buffer
	cfg := printer.Config{Mode: printer.UseSpaces, Tabwidth: 4}
	if err := cfg.Fprint(&b, fset, n); err != nil {
		return ""
	}
	return b.String()
}

// dependents returns the re-evaluable definitions that depend, directly or through other
// dependents, on the changed names (".M" for a method M), minus those in skip.
func (t *declTable) dependents(changed map[string]bool, skip map[string]bool) []*definition {
	var out []*definition
	seen := map[string]bool{}
	queue := make([]string, 0, len(changed))
	for n := range changed {
		queue = append(queue, n)
	}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		for d := range t.defs() {
			if seen[d.name] || skip[d.name] || !d.reevaluable() || !d.uses[n] {
				continue
			}
			seen[d.name] = true
			out = append(out, d)
			queue = append(queue, d.name)
			if d.kind == chunkMethod {
				queue = append(queue, "."+d.name[strings.LastIndex(d.name, ".")+1:])
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		// Types first (methods and functions need them), then in definition order.
		ti, tj := out[i].kind == chunkType, out[j].kind == chunkType
		if ti != tj {
			return ti
		}
		return out[i].order < out[j].order
	})
	return out
}

// varsOfType returns the variables (not defined in skip) whose type mentions type name.
func (t *declTable) varsOfType(name string, typeOf func(string) string, skip map[string]bool) []*definition {
	re := regexp.MustCompile(`\b` + regexp.QuoteMeta(name) + `\b`)
	var out []*definition
	for d := range t.defs() {
		if d.kind != chunkVar || skip[d.name] {
			continue
		}
		if re.MatchString(typeOf(d.name)) {
			out = append(out, d)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].order < out[j].order })
	return out
}

// methodsOf returns the methods defined on type name, sorted by name.
func (t *declTable) methodsOf(name string) []*definition {
	var out []*definition
	for d := range t.defs() {
		if d.kind == chunkMethod && d.recv == name {
			out = append(out, d)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}
