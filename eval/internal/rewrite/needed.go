package rewrite

import (
	"go/ast"
	"go/scanner"
	"go/token"
	"sort"
	"strings"
)

// A cell is type-checked against the declarations of the memory it can reach, not
// against the whole memory: the names it mentions and the session's types, the names their
// declarations mention, and so on, with the methods of every type among them. Declarations it can't reach
// change nothing in its check, and leaving them out keeps a cell's cost flat in the
// number of cells the session has run.

// declRefs is the names a memory declaration's source mentions, cached with the source
// it was computed from.
type declRefs struct {
	src   string
	names []string
}

// refsOf returns the identifiers in the memory declaration k.
func (m *memory) refsOf(k string) []string {
	src, _ := m.decls.RewriterDecl(k)
	if r, ok := m.refs[k]; ok && r.src == src {
		return r.names
	}
	var names []string
	var s scanner.Scanner
	fset := token.NewFileSet()
	s.Init(fset.AddFile("", -1, len(src)), []byte(src), nil, 0)
	seen := map[string]bool{}
	for {
		_, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		if tok == token.IDENT && !seen[lit] {
			seen[lit] = true
			names = append(names, lit)
		}
	}
	m.refs[k] = declRefs{src: src, names: names}
	return names
}

// methodsOf returns the memory keys of the methods of type name ("T.M").
func (m *memory) methodsOf(name string) []string {
	return m.methods[name]
}

// setDecl records the declaration of key k ("name" or "Type.Method").
func (m *memory) setDecl(k, src string) {
	if base, _, ok := strings.Cut(k, "."); ok {
		if _, had := m.decls.RewriterDecl(k); !had {
			m.methods[base] = append(m.methods[base], k)
		}
	}
	m.decls.SetRewriterDecl(k, src)
	if strings.HasPrefix(src, "type ") && !strings.Contains(k, ".") {
		m.types[k] = true
	} else {
		delete(m.types, k)
	}
}

// deleteDecl forgets the declaration of key k.
func (m *memory) deleteDecl(k string) {
	if base, _, ok := strings.Cut(k, "."); ok {
		ms := m.methods[base]
		for i, x := range ms {
			if x == k {
				m.methods[base] = append(ms[:i:i], ms[i+1:]...)
				break
			}
		}
		if len(m.methods[base]) == 0 {
			delete(m.methods, base)
		}
	}
	m.decls.DropRewriterDecl(k)
	delete(m.refs, k)
	delete(m.types, k)
}

// needed returns, sorted, the memory keys the cell (its declarations and statements) can
// reach.
func (m *memory) needed(decls *ast.File, stmts *ast.BlockStmt) []string {
	seen := map[string]bool{}
	var queue []string
	visit := func(name string) {
		if seen[name] {
			return
		}
		seen[name] = true
		queue = append(queue, name)
	}
	idents := func(n ast.Node) {
		ast.Inspect(n, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				visit(id.Name)
			}
			return true
		})
	}
	if decls != nil {
		idents(decls)
	}
	if stmts != nil {
		idents(stmts)
	}
	// Every type of the session: refusals of what the interpreter can't tell apart (two
	// named types that are one type at run time) must see the types the cell doesn't name.
	for name := range m.types {
		visit(name)
	}
	var keys []string
	for len(queue) > 0 {
		name := queue[0]
		queue = queue[1:]
		if _, ok := m.decls.RewriterDecl(name); ok {
			keys = append(keys, name)
			for _, r := range m.refsOf(name) {
				visit(r)
			}
		}
		for _, k := range m.methodsOf(name) {
			if !seen[k] {
				seen[k] = true
				keys = append(keys, k)
				for _, r := range m.refsOf(k) {
					visit(r)
				}
			}
		}
	}
	sort.Strings(keys)
	return keys
}
