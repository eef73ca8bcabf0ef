package interp

import (
	"reflect"
	"strings"

	"github.com/peerbook/peerbook/eval/internal/namedpool"
)

// peerbook patch 53: named non-struct types keep their identity.
//
// reflect cannot make named types, so refType gave `type Celsius float64` the reflect
// type float64 and `type traceKey struct{}` struct{}: their values passed for the
// underlying type's in assertions, type switches, map[any] keys, context keys and
// comparisons of interfaces. Such a type now takes a compiled named type of the same
// underlying type from eval/internal/namedpool: a distinct reflect type with the same
// kind, layout and printing. When the pool has no free slot, the type keeps its
// underlying reflect type, as before (and eval refuses what it cannot tell apart).

// identitySlot returns the pool type for named type t whose underlying reflect type is
// under, or nil when t takes none (no name, not declared by an interpreter, no slot).
func (t *itype) identitySlot(under reflect.Type) reflect.Type {
	path := t.path
	if path == "" {
		path = t.localPath // a function's local type Tags []string (patch 54)
	}
	if t.name == "" || path == "" || t.node == nil || t.node.interp == nil || isGeneric(t) {
		return nil
	}
	if strings.ContainsRune(t.name, '[') {
		return nil // a generic type's instance (patch 245): eval's rewrite expects none
	}
	// type A Celsius: A is a type of its own too, with Celsius's underlying type.
	under = namedpool.Underlying(under)
	if !namedpool.Supported(under) {
		return nil
	}
	name, key := path+"."+t.name, path+"."+t.name
	for a := t.node.anc; a != nil; a = a.anc {
		if a.kind == funcDecl || a.kind == funcLit {
			key = "" // a function's local type: a type of its own each time it is declared
			break
		}
	}
	// A package-level type declared again (a cell run again) takes the slot it had: the
	// session's variables of the type, old and new, are of one type, as its type check
	// sees them (and as struct types keep one reflect type by their identity tag).
	return namedpool.Take(under, name, key, t.node.interp)
}

// hasIdentity reports whether t's reflect type is a pool type of its own.
func (t *itype) hasIdentity() bool { return t.rtype != nil && namedpool.Is(t.rtype) }

// ReleaseNamedTypes gives back the pool types the interpreter's named types took, for
// the next interpreter of the process (a notebook's %reset, a test's next session).
// Values of those types must not outlive the interpreter.
func (interp *Interpreter) ReleaseNamedTypes() { namedpool.Release(interp) }

// NamedTypeIdentity reports, for the type called name in the main package's scope,
// whether it is declared (known) and whether its values have a reflect type of their
// own (distinct). Only named types defined from a predeclared type or the empty struct
// are asked about: distinct is true when the type took a pool type of its own, false
// when the pool had no free slot for it, or it has another type's (type F E, E an
// empty struct).
func (interp *Interpreter) NamedTypeIdentity(name string) (known, distinct bool) {
	sc := interp.mainScope()
	if sc == nil {
		return false, false
	}
	sym := sc.sym[name]
	if sym == nil || sym.kind != typeSym || sym.typ == nil {
		return false, false
	}
	t := sym.typ
	defer func() {
		if recover() != nil {
			distinct = false
		}
	}()
	rt := t.TypeOf()
	own, _ := namedpool.Name(rt)
	return true, own == t.path+"."+t.name
}

// constAs returns the constant operand v of a comparison as a value of the other
// operand's reflect type t when t is a pool type: an untyped constant compared with a
// Celsius holds a float64, which == on interfaces would find unequal.
func constAs(v reflect.Value, t reflect.Type) reflect.Value {
	if namedpool.Is(t) && v.Type() != t && v.Type().ConvertibleTo(t) {
		return v.Convert(t)
	}
	return v
}

// poolConvert reports whether the value of n, of the underlying type of typ's pool type
// (a comparison's untyped bool that yaegi types bool), must be converted to that type to
// be stored in a variable of typ (eval's go/types check has told Go's assignability).
func poolConvert(typ *itype, n *node) bool {
	if n.typ == nil || n.typ.cat == linkedT {
		return false
	}
	t := typ.TypeOf()
	return namedpool.Is(t) && n.typ.TypeOf() == namedpool.Underlying(t)
}

// genValueTo is genValue of n for a destination of type typ, converted to typ's pool
// type where poolConvert says so (an argument, a result, a field).
func genValueTo(typ *itype, n *node) func(*frame) reflect.Value {
	if poolConvert(typ, n) {
		return genValueAs(n, typ.TypeOf())
	}
	if isNamedFuncSrc(n.typ) {
		// peerbook patch 93: a declared function is its function value (in an
		// interface, it was the *node of its declaration).
		return genFuncValue(n)
	}
	return genValue(n)
}

// complexConstAs returns the constant c of a comparison as the other operand's type t has
// it: rounded to complex64 when t is complex64. peerbook patch 96: the constant kept
// complex128's precision, and `c64 == C` compared the rounded value with the exact one
// (false where Go converts C to complex64 first and finds them equal).
func complexConstAs(c complex128, t reflect.Type) complex128 {
	if t != nil && t.Kind() == reflect.Complex64 {
		return complex128(complex64(c))
	}
	return c
}
