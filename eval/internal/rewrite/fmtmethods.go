package rewrite

import (
	"fmt"
	"go/types"
	"strings"
)

// fmtRegistration is the call that registers a named type's GoString() string and
// Format(fmt.State, rune) methods with the printer (rt.RegisterFmt), for the value and the
// pointer method sets, or "" when neither set has one. ts is the type as the cell writes it.
func (x *cell) fmtRegistration(named *types.Named, ts string) string {
	var sets [2][2]string
	found := false
	for i, recv := range []types.Type{named, types.NewPointer(named)} {
		ms := types.NewMethodSet(recv)
		recvType := ts
		if i == 1 {
			recvType = "*" + ts
		}
		sets[i] = [2]string{"nil", "nil"}
		if sel := ms.Lookup(nil, "GoString"); sel != nil && isNiladic(sel.Obj(), "string") {
			sets[i][0] = fmt.Sprintf("func(v %s) string { return v.GoString() }", recvType)
			found = true
		}
		if sel := ms.Lookup(nil, "Format"); sel != nil && isFormatMethod(sel.Obj()) {
			sets[i][1] = fmt.Sprintf("func(v %s, f _pb_fmt_state, verb rune) { v.Format(f, verb) }", recvType)
			found = true
		}
	}
	if !found {
		return ""
	}
	return fmt.Sprintf("_pb_register_fmt(%q, %q, [2]any{%s, %s}, [2]any{%s, %s})",
		x.r.session, reflectName(named), sets[0][0], sets[0][1], sets[1][0], sets[1][1])
}

// isFormatMethod reports whether a method has fmt.Formatter's signature:
// func(fmt.State, rune).
func isFormatMethod(obj types.Object) bool {
	sig, ok := obj.Type().(*types.Signature)
	return ok && sigKey(sig) == "(fmt.State, rune) ()"
}

// sessionHasFmtMethods reports whether a named type of the session has a Format or
// GoString method (in its value or pointer method set).
func (x *cell) sessionHasFmtMethods() bool {
	if x.c == nil || x.c.pkg == nil {
		return false
	}
	scope := x.c.pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() || types.IsInterface(tn.Type()) {
			continue
		}
		ms := types.NewMethodSet(types.NewPointer(tn.Type()))
		if sel := ms.Lookup(nil, "Format"); sel != nil && isFormatMethod(sel.Obj()) {
			return true
		}
		if sel := ms.Lookup(nil, "GoString"); sel != nil && isNiladic(sel.Obj(), "string") {
			return true
		}
	}
	return false
}

// isLogLogger reports whether t is (a pointer to) the log.Logger cells get:
// eval/internal/stdlib's logLogger.
func isLogLogger(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Name() == "logLogger" &&
		strings.HasSuffix(n.Obj().Pkg().Path(), "/eval/internal/stdlib")
}
