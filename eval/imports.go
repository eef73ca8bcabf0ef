package eval

import (
	"go/ast"
	"go/token"
	"path"
	"strconv"
)

// A cell may import what earlier cells imported (it must, to be valid Go on its own), but
// yaegi v0.16.1 rejects a second import of a compiled package under the same name ("fmt/_.go
// redeclared in this block": every cell shares one file name, see srcFile). So the import
// a session has under a name that a cell's file of declarations defines is forgotten before
// the file compiles (prepareRedefinition, forgetImport), and put back when it does not
// compile: importing the same path again is a no-op, importing another path under that name
// replaces it. The cell keeps its import specs, so that the rewriter's and the typer's checks
// see them. settleImports names unnamed specs whose package name is not the last element of
// the path (math/rand/v2 binds rand), so that the item defines the name the import binds.

// settleImports gives the unnamed import specs of pc the name the interpreter binds, where it
// differs from the last element of the path.
func (s *Session) settleImports(pc *parsedCell) {
	for _, it := range pc.items {
		gd, ok := it.decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT || it.kernel {
			continue
		}
		renamed := false
		for _, spec := range gd.Specs {
			is, ok := spec.(*ast.ImportSpec)
			if !ok || is.Name != nil {
				continue
			}
			p, err := strconv.Unquote(is.Path.Value)
			if err != nil {
				continue
			}
			if name := s.importedName(is, p); name != importName(is) {
				is.Name = &ast.Ident{NamePos: is.Path.Pos(), Name: name}
				renamed = true
			}
		}
		if renamed {
			it.defs = nil // analyse appends to them
			analyse(it)
		}
	}
}

// importedName returns the name an import spec binds: its explicit name, else the package's
// name as the interpreter knows it, else the last element of the path.
func (s *Session) importedName(is *ast.ImportSpec, p string) string {
	if is.Name != nil {
		return is.Name.Name
	}
	for _, key := range []string{p, yaegiImportPath(p)} {
		if name := s.in.PackageName(key); name != "" {
			return name
		}
	}
	return path.Base(p)
}

// yaegiImportPath is the path yaegi records for an import of p ("a/a" is recorded as "a").
func yaegiImportPath(p string) string {
	if base := path.Base(p); path.Dir(p) == base {
		return base
	}
	return p
}

// forgetImport saves and removes, for a file of declarations that defines name, the import
// the session has under that name, so that the file's import of another path replaces it
// (finishCompile puts it back when the file does not compile).
func (r *redefinition) forgetImport(name string) {
	key := name + "/" + srcFile
	sym := r.s.scope.symbol(key)
	if !sym.IsValid() || r.s.scope.symKind(sym) != "pkg" {
		return
	}
	if _, seen := r.symbols[key]; !seen {
		r.symbols[key] = sym
	}
	r.s.scope.forget(key)
}
