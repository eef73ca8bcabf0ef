package eval

import (
	"sort"
	"strings"

	"github.com/peerbook/peerbook/eval/third_party/yaegi/interp"
)

// This file is the session's view of the interpreter's package scope ("main"): the symbols
// of the session's package (to redefine types and methods, to list variables with their
// types, to complete fields). It goes through the scope API of the patched yaegi
// (eval/third_party/yaegi/interp/session.go, PATCHES.md patch 17).

// scopeView reads and edits the package scope ("main") of an interpreter.
type scopeView struct {
	in   *interp.Interpreter
	memo *scopeMemo // nil: nothing is cached
}

// symbol returns the symbol for name, or an invalid one.
func (s scopeView) symbol(name string) interp.ScopeSymbol { return s.in.MainSymbol(name) }

// forget removes name from the package scope so that a new declaration of it starts fresh
// (yaegi otherwise keeps the old type of a redeclared type name). It reports whether the name
// was there.
func (s scopeView) forget(name string) bool {
	if !s.in.MainSymbol(name).IsValid() {
		return false
	}
	s.in.SetMainSymbol(name, interp.ScopeSymbol{})
	s.memo.invalidate()
	return true
}

// dropMethod removes method name from the method set of the session type typeName, so that a
// redefinition of the method replaces it (yaegi otherwise keeps the first definition). It
// reports whether a method was removed.
func (s scopeView) dropMethod(typeName, name string) bool { return s.in.DropMethod(typeName, name) }

// symKind names the kind of a yaegi symbol: "var", "const", "func", "type", "pkg" or "".
func (s scopeView) symKind(sym interp.ScopeSymbol) string { return sym.Kind() }

// typeString returns the Go spelling of a symbol's type as yaegi knows it ("[]main.T"), with
// the session package's "main." qualifier removed; "" when unknown.
func (s scopeView) typeString(sym interp.ScopeSymbol) string {
	return strings.ReplaceAll(sym.TypeString(), "main.", "")
}

// typeName returns the name of a symbol's named type (also through one pointer), "" when
// the type is unnamed or not a session type.
func (s scopeView) typeName(sym interp.ScopeSymbol) string {
	if name, path := sym.NamedType(); path == "main" {
		return name
	}
	return ""
}

// symbolInfo describes one name of the session package.
type symbolInfo struct {
	Name string
	Kind string // "var", "const", "func", "type"
	Type string // Go spelling of the type, "" when unknown
}

// symbols lists the names of the session package (not imports), sorted.
func (s scopeView) symbols() []symbolInfo {
	var out []symbolInfo
	s.in.MainSymbols(func(name string, sym interp.ScopeSymbol) bool {
		if strings.Contains(name, "/") { // imports are stored as "pkg/file.go"
			return true
		}
		if kind := sym.Kind(); kind != "pkg" && kind != "" {
			out = append(out, symbolInfo{Name: name, Kind: kind, Type: s.typeString(sym)})
		}
		return true
	})
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// imports returns the package names imported into the session (name -> import path), a
// map the caller may change.
func (s scopeView) imports() map[string]string {
	if cached, ok := s.memo.importsCopy(); ok {
		return cached
	}
	out, cells := s.scanImports()
	s.memo.setImports(out, cells)
	return out
}

// cellImports returns the imports cells see (name -> import path): those of the cells'
// file, not those of the rewriter's prelude (yaegi scopes imports by file). The caller may
// change the map.
func (s scopeView) cellImports() map[string]string {
	if cached, ok := s.memo.cellImportsCopy(); ok {
		return cached
	}
	out, cells := s.scanImports()
	s.memo.setImports(out, cells)
	return cells
}

// scanImports reads the imports from the whole scope: all of them, and those of the cells'
// file.
func (s scopeView) scanImports() (all, cells map[string]string) {
	all, cells = map[string]string{}, map[string]string{}
	s.in.MainSymbols(func(name string, sym interp.ScopeSymbol) bool {
		if i := strings.Index(name, "/"); i >= 0 && sym.Kind() == "pkg" {
			all[name[:i]] = sym.ImportPath()
			if name[i+1:] == srcFile {
				cells[name[:i]] = sym.ImportPath()
			}
		}
		return true
	})
	return all, cells
}

// restore puts back a symbol saved before a failed compilation (an invalid sym removes name).
func (s scopeView) restore(name string, sym interp.ScopeSymbol) {
	s.memo.invalidate()
	s.in.SetMainSymbol(name, sym)
}

// methodSlice returns a copy of the method list of session type typeName (invalid if none).
func (s scopeView) methodSlice(typeName string) interp.MethodSet { return s.in.Methods(typeName) }

// setMethodSlice puts back a method list saved by methodSlice.
func (s scopeView) setMethodSlice(typeName string, saved interp.MethodSet) {
	s.in.SetMethods(typeName, saved)
}

// dropMain removes the session's func main from the functions prog runs after its
// declarations: yaegi runs main after compiling any code once a main is defined.
func (s scopeView) dropMain(prog *interp.Program) { s.in.DropMainCall(prog) }

// dropRoots empties the list of compiled programs that yaegi keeps for its debugger, which
// the session does not use: kept, it holds the syntax tree of every cell ever compiled, a
// few KB per cell that even %reset would not free while the interpreter lives.
func (s scopeView) dropRoots() { s.in.DropRoots() }

// keys returns the names of the package scope (imports included).
func (s scopeView) keys() map[string]bool {
	out := map[string]bool{}
	s.in.MainSymbols(func(name string, _ interp.ScopeSymbol) bool {
		out[name] = true
		return true
	})
	return out
}
