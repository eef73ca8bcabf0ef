package interp

import "reflect"

// peerbook patch 17: what a notebook session needs of the main package's scope, exported
// (see PATCHES.md). A notebook redefines types and methods, lists its variables with their
// types, completes fields and undoes a declaration that failed to compile; upstream yaegi
// exposes none of that. None of these methods takes the interpreter's lock: like
// CompileAST, they must not run while the interpreter compiles.

// ScopeSymbol is a name of the main package's scope: a variable, constant, function, type
// or imported package. The zero ScopeSymbol is no symbol (IsValid reports false).
type ScopeSymbol struct{ sym *symbol }

// IsValid reports whether s is a symbol.
func (s ScopeSymbol) IsValid() bool { return s.sym != nil }

// Kind names the kind of the symbol: "var", "const", "func", "type", "pkg", or "" for
// other kinds (labels, builtins) and for no symbol.
func (s ScopeSymbol) Kind() string {
	if s.sym == nil {
		return ""
	}
	switch s.sym.kind {
	case varSym:
		return "var"
	case constSym:
		return "const"
	case funcSym:
		return "func"
	case typeSym:
		return "type"
	case pkgSym:
		return "pkg"
	}
	return ""
}

// TypeString returns the interpreter's spelling of the symbol's type ("[]main.T"), "" when
// it has none.
func (s ScopeSymbol) TypeString() string {
	if s.sym == nil || s.sym.typ == nil {
		return ""
	}
	return s.sym.typ.str
}

// NamedType returns the name and package path of the symbol's defined type, looking
// through one pointer ("T", "main" for a *T of the session); "" when the type is unnamed.
func (s ScopeSymbol) NamedType() (name, path string) {
	if s.sym == nil {
		return "", ""
	}
	t := s.sym.typ
	for i := 0; i < 2 && t != nil; i++ {
		if t.name != "" {
			return t.name, t.path
		}
		t = t.val // a pointer: its element
	}
	return "", ""
}

// ImportPath returns the import path of an imported package's symbol, "" for others.
func (s ScopeSymbol) ImportPath() string {
	if s.sym == nil || s.sym.kind != pkgSym || s.sym.typ == nil {
		return ""
	}
	return s.sym.typ.path
}

// mainScope returns the scope of package main, nil before any code was compiled.
func (interp *Interpreter) mainScope() *scope { return interp.scopes[mainID] }

// MainSymbol returns the symbol name in the main package's scope (imports are keyed
// "name/file"), or the zero ScopeSymbol.
func (interp *Interpreter) MainSymbol(name string) ScopeSymbol {
	sc := interp.mainScope()
	if sc == nil {
		return ScopeSymbol{}
	}
	return ScopeSymbol{sc.sym[name]}
}

// MainSymbols calls f with each name of the main package's scope and its symbol, in no
// particular order, until f returns false. f must not change the scope.
func (interp *Interpreter) MainSymbols(f func(name string, s ScopeSymbol) bool) {
	sc := interp.mainScope()
	if sc == nil {
		return
	}
	for name, sym := range sc.sym {
		if !f(name, ScopeSymbol{sym}) {
			return
		}
	}
}

// SetMainSymbol binds name to s in the main package's scope (a symbol saved with
// MainSymbol before a compilation that failed); the zero ScopeSymbol removes name. It
// reports whether the scope exists.
func (interp *Interpreter) SetMainSymbol(name string, s ScopeSymbol) bool {
	sc := interp.mainScope()
	if sc == nil {
		return false
	}
	if s.sym == nil {
		delete(sc.sym, name)
	} else {
		sc.sym[name] = s.sym
	}
	return true
}

// MethodSet is a saved copy of the methods of a type of the main package (see Methods).
type MethodSet struct {
	methods []*node
	ok      bool
}

// IsValid reports whether m was saved from a type.
func (m MethodSet) IsValid() bool { return m.ok }

// Len returns the number of methods in m.
func (m MethodSet) Len() int { return len(m.methods) }

// mainType returns the type that name declares in the main package, or nil.
func (interp *Interpreter) mainType(name string) *itype {
	s := interp.MainSymbol(name)
	if s.sym == nil {
		return nil
	}
	return s.sym.typ
}

// Methods returns a copy of the methods declared on the main package's type typeName; it
// is not valid when there is no such type.
func (interp *Interpreter) Methods(typeName string) MethodSet {
	t := interp.mainType(typeName)
	if t == nil {
		return MethodSet{}
	}
	return MethodSet{methods: append([]*node(nil), t.method...), ok: true}
}

// SetMethods puts back the methods of typeName saved by Methods.
func (interp *Interpreter) SetMethods(typeName string, m MethodSet) {
	if t := interp.mainType(typeName); t != nil && m.ok {
		t.method = append([]*node(nil), m.methods...)
	}
}

// DropMethod removes method name from the methods of the main package's type typeName, so
// that a new declaration of the method replaces it (the interpreter otherwise keeps the
// first one). It reports whether a method was removed.
func (interp *Interpreter) DropMethod(typeName, name string) bool {
	t := interp.mainType(typeName)
	if t == nil {
		return false
	}
	kept := make([]*node, 0, len(t.method))
	for _, m := range t.method {
		if m.ident != name {
			kept = append(kept, m)
		}
	}
	if len(kept) == len(t.method) {
		return false
	}
	t.method = kept
	return true
}

// DropMainCall removes the main package's func main from the functions p runs after its
// declarations: once a main is defined, the interpreter runs it after any compiled code.
func (interp *Interpreter) DropMainCall(p *Program) {
	s := interp.MainSymbol(mainID)
	if p == nil || s.sym == nil || s.sym.node == nil {
		return
	}
	kept := p.init[:0:0]
	for _, n := range p.init {
		if n != s.sym.node {
			kept = append(kept, n)
		}
	}
	p.init = kept
}

// DropRoots forgets the syntax trees of the programs compiled so far, which the interpreter
// keeps only for its debugger: a long session would otherwise keep every cell's tree.
func (interp *Interpreter) DropRoots() {
	interp.mutex.Lock()
	interp.roots = nil
	interp.mutex.Unlock()
}

// PackageName returns the name of the package imported with path as the interpreter
// recorded it when the package was loaded, "" when it has none.
func (interp *Interpreter) PackageName(path string) string { return interp.pkgNames[path] }

// HeldValue returns, when v is how the interpreter keeps an interpreted value inside an
// interface (its valueInterface), the value held and the interpreter's spelling of the
// value's type ("main.T", "*main.T", "[]main.T"); ok is false for any other v. Like
// reflect.Value.Set, it panics when v was read through an unexported field.
func HeldValue(v reflect.Value) (value reflect.Value, typeName string, ok bool) {
	if !v.IsValid() || v.Type() != valueInterfaceType {
		return reflect.Value{}, "", false
	}
	cp := reflect.New(v.Type()).Elem()
	cp.Set(v)
	vi := cp.Interface().(valueInterface)
	if vi.node != nil && vi.node.typ != nil {
		typeName = vi.node.typ.str
	}
	return vi.value, typeName, true
}

// ProgramExit is implemented by the panic value with which the host ends the program a
// session runs (os.Exit in a notebook cell, peerbook patch 59): the interpreted frames it
// unwinds run none of their deferred calls, and recover() does not stop it (it returns
// nil there), as os.Exit ends a Go program.
type ProgramExit interface {
	PeerbookProgramExit()
}

// isProgramExit reports whether a panic value is a ProgramExit.
func isProgramExit(v any) bool {
	_, ok := v.(ProgramExit)
	return ok
}
