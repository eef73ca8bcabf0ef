package eval

import (
	"reflect"
	"sort"
	"strings"
	"unsafe"

	"github.com/peerbook/peerbook/eval/third_party/yaegi/interp"
)

// This file reaches into yaegi v0.16.1's unexported state, which its public API does not
// expose but a notebook needs: the symbols of the session's package (to redefine types and
// methods, to list variables with their types, to complete fields). go.mod pins yaegi to
// v0.16.1 (the only version served); yaegiscope_test.go fails loudly if the layout changes.
// Every access is guarded: when a field is missing, the accessors report "unavailable" and
// the session falls back to what the public API gives.

// scopeView reads and edits the package scope ("main") of an interpreter.
type scopeView struct {
	in   *interp.Interpreter
	memo *scopeMemo // nil: nothing is cached
}

// writable returns v (an unexported field) as a settable value.
func writable(v reflect.Value) reflect.Value {
	if !v.IsValid() || !v.CanAddr() {
		return reflect.Value{}
	}
	return reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem()
}

// field returns the named field of the struct v points to (or is), settable; invalid when v
// is not such a struct or lacks the field.
func field(v reflect.Value, name string) reflect.Value {
	for v.IsValid() && (v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface) {
		if v.IsNil() {
			return reflect.Value{}
		}
		v = v.Elem()
	}
	if !v.IsValid() || v.Kind() != reflect.Struct {
		return reflect.Value{}
	}
	f := v.FieldByName(name)
	if !f.IsValid() {
		return reflect.Value{}
	}
	if f.CanAddr() {
		return writable(f)
	}
	return f
}

// symMap returns the symbol map of the main package scope (map[string]*symbol), or an
// invalid value when the interpreter has none yet.
func (s scopeView) symMap() reflect.Value {
	scopes := field(reflect.ValueOf(s.in), "scopes")
	if !scopes.IsValid() || scopes.Kind() != reflect.Map {
		return reflect.Value{}
	}
	sc := scopes.MapIndex(reflect.ValueOf("main"))
	if !sc.IsValid() {
		return reflect.Value{}
	}
	m := field(sc, "sym")
	if !m.IsValid() || m.Kind() != reflect.Map {
		return reflect.Value{}
	}
	return m
}

// symbol returns the *symbol for name, or an invalid value.
func (s scopeView) symbol(name string) reflect.Value {
	m := s.symMap()
	if !m.IsValid() {
		return reflect.Value{}
	}
	return m.MapIndex(reflect.ValueOf(name))
}

// forget removes name from the package scope so that a new declaration of it starts fresh
// (yaegi otherwise keeps the old type of a redeclared type name). It reports whether the name
// was there.
func (s scopeView) forget(name string) bool {
	m := s.symMap()
	if !m.IsValid() {
		return false
	}
	k := reflect.ValueOf(name)
	if !m.MapIndex(k).IsValid() {
		return false
	}
	m.SetMapIndex(k, reflect.Value{})
	s.memo.invalidate()
	return true
}

// dropMethod removes method name from the method set of the session type typeName, so that a
// redefinition of the method replaces it (yaegi otherwise keeps the first definition). It
// reports whether a method was removed.
func (s scopeView) dropMethod(typeName, name string) bool {
	sym := s.symbol(typeName)
	typ := field(sym, "typ")
	methods := field(typ, "method")
	if !methods.IsValid() || methods.Kind() != reflect.Slice {
		return false
	}
	kept := reflect.MakeSlice(methods.Type(), 0, methods.Len())
	removed := false
	for i := 0; i < methods.Len(); i++ {
		m := methods.Index(i)
		if id := field(m, "ident"); id.IsValid() && id.Kind() == reflect.String && id.String() == name {
			removed = true
			continue
		}
		kept = reflect.Append(kept, m)
	}
	if removed {
		methods.Set(kept)
	}
	return removed
}

// symKind names the kind of a yaegi symbol: "var", "const", "func", "type", "pkg" or "".
func (s scopeView) symKind(sym reflect.Value) string {
	k := field(sym, "kind")
	if !k.IsValid() {
		return ""
	}
	// yaegi's sKind has a String method: "varSym", "constSym", "funcSym", "typeSym", ...
	str := ""
	if st, ok := k.Interface().(interface{ String() string }); ok {
		str = st.String()
	}
	switch str {
	case "varSym":
		return "var"
	case "constSym":
		return "const"
	case "funcSym":
		return "func"
	case "typeSym":
		return "type"
	case "pkgSym":
		return "pkg"
	}
	return ""
}

// typeString returns the Go spelling of a symbol's type as yaegi knows it ("[]main.T"), with
// the session package's "main." qualifier removed; "" when unknown.
func (s scopeView) typeString(sym reflect.Value) string {
	typ := field(sym, "typ")
	str := field(typ, "str")
	if !str.IsValid() || str.Kind() != reflect.String {
		return ""
	}
	return strings.ReplaceAll(str.String(), "main.", "")
}

// typeName returns the name of a symbol's named type (also through one pointer), "" when
// the type is unnamed or not a session type.
func (s scopeView) typeName(sym reflect.Value) string {
	typ := field(sym, "typ")
	for i := 0; i < 2 && typ.IsValid(); i++ {
		name := field(typ, "name")
		path := field(typ, "path")
		if name.IsValid() && name.String() != "" {
			if path.IsValid() && path.String() == "main" {
				return name.String()
			}
			return ""
		}
		typ = field(typ, "val") // pointer: look at the element
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
	m := s.symMap()
	if !m.IsValid() {
		return nil
	}
	var out []symbolInfo
	iter := m.MapRange()
	for iter.Next() {
		name := iter.Key().String()
		if strings.Contains(name, "/") { // imports are stored as "pkg/file.go"
			continue
		}
		kind := s.symKind(iter.Value())
		if kind == "pkg" || kind == "" {
			continue
		}
		out = append(out, symbolInfo{Name: name, Kind: kind, Type: s.typeString(iter.Value())})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// imports returns the package names imported into the session (name -> import path), a
// map the caller may change.
func (s scopeView) imports() map[string]string {
	if cached, ok := s.memo.importsCopy(); ok {
		return cached
	}
	out := s.scanImports()
	s.memo.setImports(out)
	return out
}

// scanImports reads the imports from the whole scope.
func (s scopeView) scanImports() map[string]string {
	m := s.symMap()
	out := map[string]string{}
	if !m.IsValid() {
		return out
	}
	iter := m.MapRange()
	for iter.Next() {
		name := iter.Key().String()
		i := strings.Index(name, "/")
		if i < 0 {
			continue
		}
		if s.symKind(iter.Value()) != "pkg" {
			continue
		}
		p := field(field(iter.Value(), "typ"), "path")
		if p.IsValid() {
			out[name[:i]] = p.String()
		}
	}
	return out
}

// restore puts back a symbol saved before a failed compilation (an invalid sym removes name).
func (s scopeView) restore(name string, sym reflect.Value) {
	m := s.symMap()
	if !m.IsValid() {
		return
	}
	s.memo.invalidate()
	if !sym.IsValid() {
		m.SetMapIndex(reflect.ValueOf(name), reflect.Value{})
		return
	}
	m.SetMapIndex(reflect.ValueOf(name), sym)
}

// methodSlice returns a copy of the method list of session type typeName (invalid if none).
func (s scopeView) methodSlice(typeName string) reflect.Value {
	methods := field(field(s.symbol(typeName), "typ"), "method")
	if !methods.IsValid() || methods.Kind() != reflect.Slice {
		return reflect.Value{}
	}
	c := reflect.MakeSlice(methods.Type(), methods.Len(), methods.Len())
	reflect.Copy(c, methods)
	return c
}

// setMethodSlice puts back a method list saved by methodSlice.
func (s scopeView) setMethodSlice(typeName string, saved reflect.Value) {
	if !saved.IsValid() {
		return
	}
	methods := field(field(s.symbol(typeName), "typ"), "method")
	if methods.IsValid() && methods.Type() == saved.Type() {
		methods.Set(saved)
	}
}

// dropMain removes the session's func main from the functions prog runs after its
// declarations: yaegi runs main after compiling any code once a main is defined.
func (s scopeView) dropMain(prog *interp.Program) {
	main := field(s.symbol("main"), "node")
	if !main.IsValid() || main.Kind() != reflect.Pointer || main.IsNil() {
		return
	}
	init := field(reflect.ValueOf(prog), "init")
	if !init.IsValid() || init.Kind() != reflect.Slice {
		return
	}
	kept := reflect.MakeSlice(init.Type(), 0, init.Len())
	for i := 0; i < init.Len(); i++ {
		if n := init.Index(i); n.Pointer() != main.Pointer() {
			kept = reflect.Append(kept, n)
		}
	}
	init.Set(kept)
}

// keys returns the names of the package scope (imports included).
func (s scopeView) keys() map[string]bool {
	out := map[string]bool{}
	m := s.symMap()
	if !m.IsValid() {
		return out
	}
	iter := m.MapRange()
	for iter.Next() {
		out[iter.Key().String()] = true
	}
	return out
}
