package rewrite

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"
)

// fmtRegistration is the call that registers a named type's GoString() string,
// Format(fmt.State, rune) and LogValue() slog.Value methods with the printer
// (rt.RegisterFmt), for the value and the pointer method sets; found reports whether a
// set has one. Each function returns what the method panicked with (recovered inside
// the interpreter, which would otherwise report the frame on the cell's stderr; rt
// panics with it again, see callMethod). (A type declared again without them registers none, which drops the
// methods of the type it replaces.) ts is the type as the cell writes it.
func (x *cell) fmtRegistration(named *types.Named, ts string) (call string, found bool) {
	var sets [2][3]string
	for i, recv := range []types.Type{named, types.NewPointer(named)} {
		ms := types.NewMethodSet(recv)
		recvType := ts
		if i == 1 {
			recvType = "*" + ts
		}
		sets[i] = [3]string{"nil", "nil", "nil"}
		if sel := ms.Lookup(nil, "GoString"); sel != nil && isNiladic(sel.Obj(), "string") {
			sets[i][0] = fmt.Sprintf("func(v %s) (_pb_s string, _pb_p any) { defer func() { _pb_p = recover() }(); return v.GoString(), nil }", recvType)
			found = true
		}
		if sel := ms.Lookup(nil, "Format"); sel != nil && isFormatMethod(sel.Obj()) {
			sets[i][1] = fmt.Sprintf("func(v %s, f _pb_fmt_state, verb rune) (_pb_p any) { defer func() { _pb_p = recover() }(); v.Format(f, verb); return nil }", recvType)
			found = true
		}
		if sel := ms.Lookup(nil, "LogValue"); sel != nil && isNiladic(sel.Obj(), "log/slog.Value") {
			sets[i][2] = fmt.Sprintf("func(v %s) (_pb_s _pb_slog_value, _pb_p any) { defer func() { _pb_p = recover() }(); return v.LogValue(), nil }", recvType)
			found = true
		}
	}
	return fmt.Sprintf("_pb_register_fmt(%q, %q, [3]any{%s}, [3]any{%s})",
		x.r.session, reflectName(named), strings.Join(sets[0][:], ", "), strings.Join(sets[1][:], ", ")), found
}

// isFormatMethod reports whether a method has fmt.Formatter's signature:
// func(fmt.State, rune).
func isFormatMethod(obj types.Object) bool {
	sig, ok := obj.Type().(*types.Signature)
	if !ok {
		return false
	}
	// A compiled method (promoted from an embedded *big.Int) has int32, not rune.
	k := sigKey(sig)
	return k == "(fmt.State, rune) ()" || k == "(fmt.State, int32) ()"
}

// sessionHasFmtMethods reports whether a named type of the session has a Format or
// GoString method (in its value or pointer method set).
func (x *cell) sessionHasFmtMethods() bool {
	if x.fmtTypes == 0 {
		x.fmtTypes = 1
		if x.scanFmtMethods() {
			x.fmtTypes = 2
		}
	}
	return x.fmtTypes == 2
}

func (x *cell) scanFmtMethods() bool {
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

// slogCall wraps the arguments of a log/slog function or method that go to a parameter of
// type any (or ...any) in _pb_slog(arg, id) when they may hold a value of a cell type
// (the type is or holds one, or is an interface): slog then sees the methods Go's slog
// would call (LogValue, Error, and String or Format through fmt). A slice spread with ...
// becomes _pb_slog_all(s, id)... . A call of (slog.Value).Any becomes
// _pb_slog_any(v.Any()), which gives back the cell's value (for type assertions in a
// ReplaceAttr function or a handler). It returns the call, or nil if it changed nothing.
func (x *cell) slogCall(call *ast.CallExpr) ast.Expr {
	fn := calleeFunc(x.info, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "log/slog" {
		return nil
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok {
		return nil
	}
	if recv := sig.Recv(); recv != nil && fn.Name() == "Any" && types.TypeString(recv.Type(), nil) == "log/slog.Value" {
		tm := tmpl{pos: call.Pos(), exprs: map[string]ast.Expr{"_pbX_v": call}}
		out := tm.expr("_pb_slog_any(_pbX_v)")
		x.info.Types[out] = types.TypeAndValue{Type: anyType}
		return out
	}
	changed := false
	spread := call.Ellipsis.IsValid()
	for i, arg := range call.Args {
		pt := paramType(sig, i, spread)
		if pt == nil {
			continue
		}
		t := x.typeOf(arg)
		if t == nil || isUntyped(t) || !x.slogNeedsHelp(t) {
			continue
		}
		name := "_pb_slog"
		if spread && i == len(call.Args)-1 {
			st, ok := underlying(t).(*types.Slice)
			if !ok || !isEmptyInterface(st.Elem()) {
				continue
			}
			name, t = "_pb_slog_all", st.Elem()
		} else if !isEmptyInterface(pt) {
			continue
		}
		pos := arg.Pos()
		if types.IsInterface(t) && !x.needsHelp(t, nil) {
			// error, when no type of the session has Format: its description would be
			// plain; the dynamic value decides.
			t = anyType
		}
		call.Args[i] = &ast.CallExpr{Fun: &ast.Ident{NamePos: pos, Name: name}, Lparen: pos,
			Args: []ast.Expr{arg, x.descID(t, pos)}, Rparen: arg.End()}
		changed = true
	}
	if !changed {
		return nil
	}
	return call
}

// slogNeedsHelp reports whether a slog argument of type t may hold a value of a cell type:
// t is or holds one, or is an interface (error included).
func (x *cell) slogNeedsHelp(t types.Type) bool {
	return types.IsInterface(t) || x.needsHelp(t, nil)
}
