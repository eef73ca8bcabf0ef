package eval

import (
	"go/ast"
	"maps"
)

// scopeMemo caches what is read from the whole of the interpreter's scope, so that a cell's
// cost does not grow with the number of names the session defined: the imports change only
// when an import is compiled or a name is forgotten or restored, and those invalidate it.
type scopeMemo struct {
	imports     map[string]string // nil: not known
	cellImports map[string]string // the imports of the cells' file (see scopeView.cellImports)
}

// importsCopy returns a copy of the cached imports.
func (m *scopeMemo) importsCopy() (map[string]string, bool) {
	if m == nil || m.imports == nil {
		return nil, false
	}
	return maps.Clone(m.imports), true
}

// cellImportsCopy returns a copy of the cached imports of the cells' file.
func (m *scopeMemo) cellImportsCopy() (map[string]string, bool) {
	if m == nil || m.cellImports == nil {
		return nil, false
	}
	return maps.Clone(m.cellImports), true
}

func (m *scopeMemo) setImports(imports, cellImports map[string]string) {
	if m != nil {
		m.imports, m.cellImports = maps.Clone(imports), maps.Clone(cellImports)
	}
}

// invalidate forgets what was cached: the scope changed.
func (m *scopeMemo) invalidate() {
	if m != nil {
		m.imports, m.cellImports = nil, nil
	}
}

// hasImports reports whether n holds an import declaration.
func hasImports(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n.(type) {
		case *ast.ImportSpec:
			found = true
			return false
		case *ast.FuncDecl, *ast.FuncLit, *ast.BlockStmt:
			return false // imports are top-level
		}
		return true
	})
	return found
}

// namesBefore returns what a failed compilation of node must be undone against (see
// redefinition): without imports, a compilation can add to the scope only names node
// mentions, so only those are looked up (cands, and before: those that exist); with
// imports (a dot import adds a package's names), every name of the scope (cands nil).
func (s *Session) namesBefore(node ast.Node) (before, cands map[string]bool) {
	if hasImports(node) {
		return s.scope.keys(), nil
	}
	before, cands = map[string]bool{}, map[string]bool{}
	ast.Inspect(node, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && !cands[id.Name] {
			cands[id.Name] = true
			if s.scope.symbol(id.Name).IsValid() {
				before[id.Name] = true
			}
		}
		return true
	})
	return before, cands
}
