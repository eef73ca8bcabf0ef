package rewrite

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"

	"github.com/peerbook/peerbook/internal/typewalk"
)

// Type assertions. yaegi gets several wrong: x.(I) with a value for an interface I
// declared in a cell panics inside yaegi; a value recovered from a panic fails
// x.(error); a value of a session type held in an error fails x.(*T) (yaegi's error
// wrapper hides it); a failed x.(T) panics with a message that starts with the source
// position. The rewrites:
//
//   - x.(T) for a concrete T, x of type any: _pb_assert[T](x, ...), which panics with
//     the runtime's message;
//   - other x.(T): a function literal that tries the assertion the ways that work
//     (on the value, on the value out of yaegi's wrapper, by the session's types that
//     implement T) and panics with the runtime's message;
//   - v, ok := x.(T): the same tries, as statements, when they are needed.

// assertKind classifies what an assertion of a value of static type xt to t needs.
type assertKind int

const (
	assertNative    assertKind = iota // yaegi gets it right
	assertUnwrap                      // concrete T, x a non-empty interface
	assertFallback                    // compiled interface T, x of type any
	assertEnumerate                   // interface T of the session
)

func (x *cell) assertKind(xt, t types.Type) assertKind {
	xEmpty := xt.Underlying().(*types.Interface).Empty()
	if _, isParam := types.Unalias(t).(*types.TypeParam); isParam {
		// x.(T) in a generic function: what T is differs per instance (a struct, an
		// interface); the statements of the other kinds are not valid Go for all of them
		// (v == nil with T a struct), yaegi's own assertion is.
		return assertNative
	}
	switch {
	case !types.IsInterface(t):
		if xEmpty {
			return assertNative
		}
		return assertUnwrap
	case isSessionInterface(t):
		return assertEnumerate
	case isLiteralInterface(t):
		// yaegi's own assertion misses the session's types (held in an error, say).
		return assertFallback
	case xEmpty:
		return assertFallback
	}
	return assertNative
}

func isSessionInterface(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && isSessionPkg(n.Obj().Pkg()) && types.IsInterface(n)
}

// isLiteralInterface reports whether t is an unnamed interface type with methods
// (interface{ Temporary() bool }): the session's types may implement it, and yaegi's
// assertion to it misses them.
func isLiteralInterface(t types.Type) bool {
	it, ok := types.Unalias(t).(*types.Interface)
	return ok && it.NumMethods() > 0
}

// tryAssert writes statements that declare v (of type t) and ok, set from asserting
// a, of static type xt, to t.
func (x *cell) tryAssert(kind assertKind, a, v, ok, ts string, t, xt types.Type) (string, bool) {
	switch kind {
	case assertUnwrap:
		return fmt.Sprintf("%s, %s := _pb_unwrap(%s).(%s)", v, ok, a, ts), true
	case assertNative:
		return fmt.Sprintf("%s, %s := %s.(%s)", v, ok, a, ts), true
	}
	unbox := ""
	if fi, isIface := xt.Underlying().(*types.Interface); isIface && !fi.Empty() && isSessionInterface(t) {
		// A value of a session type held in an error is boxed (a compiled type
		// with its methods): the session's types are tried on the value out of the
		// box (gosmith seed 19797: `var e error = E{}; e.(I)` with I an interface
		// of the cell panicked "E is not I: missing method Error").
		u := ok + "_u"
		unbox = fmt.Sprintf("%s := _pb_unwrap(%s)\n", u, a)
		a, xt = u, types.NewInterfaceType(nil, nil)
	}
	match, good := x.matchIface(a, xt, t, ok)
	if !good {
		return "", false
	}
	bind, good := x.bindInterface(v, t, a, a, xt, false)
	if !good {
		return "", false
	}
	return fmt.Sprintf("%s%s\nvar %s %s\nif %s {\n%s\n}", unbox, match, v, ts, ok, bind), true
}

// matchIface writes statements that declare flag and set it to whether the value in
// a (of static type from) has a type that implements the interface t. yaegi's own test
// accepts a value whose pointer type has the methods and misses session types held in
// an error; the statements test the session's types one by one instead.
func (x *cell) matchIface(a string, from, t types.Type, flag string) (string, bool) {
	ts, ok := x.c.typeString(t)
	if !ok {
		return "", false
	}
	iface := t.Underlying().(*types.Interface)
	var fromIface *types.Interface
	if fi, ok := from.Underlying().(*types.Interface); ok && !fi.Empty() {
		fromIface = fi
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s := _pb_false\n", flag)
	var impl, notImpl, instance []string
	generic := mentionsTypeParam(t)
	for _, c := range x.sessionTypes() {
		if fromIface != nil && !types.Implements(c, fromIface) {
			continue
		}
		cs, ok := x.c.typeString(c)
		if !ok {
			continue
		}
		switch {
		case types.Implements(c, iface):
			impl = append(impl, cs)
		case generic:
			// Whether c implements t depends on the instance: decided when it runs.
			cond, possible, ok := x.implCondition(c, iface)
			switch {
			case !ok:
				return "", false
			case !possible:
				notImpl = append(notImpl, cs)
			default:
				instance = append(instance, fmt.Sprintf("if _, ok := %s.(%s); ok { %s = %s }", a, cs, flag, cond))
			}
		default:
			notImpl = append(notImpl, cs)
		}
	}
	tries := func(list []string, value string) []string {
		var out []string
		for _, cs := range list {
			out = append(out, fmt.Sprintf("if _, ok := %s.(%s); ok { %s = %s }", a, cs, flag, value))
		}
		return out
	}
	test := func(list []string, value string) string { return strings.Join(tries(list, value), " else ") }
	// yaegi panics on a type assertion of some nil interface values: test non-nil
	// values only.
	fmt.Fprintf(&b, "if %s != nil {\n", a)
	if isSessionInterface(t) {
		// Only the session's types implement it.
		b.WriteString(strings.Join(append(tries(impl, "_pb_true"), instance...), " else "))
		b.WriteString("\n}")
		return b.String(), true
	}
	fmt.Fprintf(&b, "if _, ok := %s.(%s); ok { %s = _pb_true }\n", a, ts, flag)
	if fromIface == nil {
		// A value recovered from a panic, or held in a wrapper.
		fmt.Fprintf(&b, "if !%s { if _, ok := _pb_unwrap(%s).(%s); ok { %s = _pb_true } }\n", flag, a, ts, flag)
	}
	if len(impl) > 0 {
		// A value of a session type held in an empty interface has no methods
		// for yaegi's test (those promoted from embedded fields, or all of them
		// for a literal interface): the session's types that implement t, one
		// by one; for a literal interface also out of a wrapper (a boxed error).
		tries := test(impl, "_pb_true")
		if isLiteralInterface(t) {
			var unwrapped []string
			for _, cs := range impl {
				unwrapped = append(unwrapped, fmt.Sprintf("if _, ok := _pb_unwrap(%s).(%s); ok { %s = _pb_true }", a, cs, flag))
			}
			tries += " else " + strings.Join(unwrapped, " else ")
		}
		fmt.Fprintf(&b, "if !%s {\n%s\n}\n", flag, tries)
	}
	if len(notImpl) > 0 {
		fmt.Fprintf(&b, "if %s {\n%s\n}", flag, test(notImpl, "_pb_false"))
	}
	if len(instance) > 0 {
		// The session's types whose answer depends on the instance: theirs, whatever
		// yaegi's test said.
		fmt.Fprintf(&b, "\n%s", strings.Join(instance, " else "))
	}
	b.WriteString("\n}")
	return b.String(), true
}

// mentionsTypeParam reports whether t is or mentions a type parameter (through its
// elements, fields, signatures, interface methods or type arguments).
func mentionsTypeParam(t types.Type) bool {
	found := false
	seen := map[types.Type]bool{}
	var walk func(t types.Type)
	walk = func(t types.Type) {
		if found || t == nil || seen[t] {
			return
		}
		seen[t] = true
		switch t := t.(type) {
		case *types.TypeParam:
			found = true
		case *types.Alias:
			walk(types.Unalias(t))
		case *types.Named:
			for a := range t.TypeArgs().Types() {
				walk(a)
			}
		case *types.Interface:
			for m := range t.Methods() {
				walk(m.Type())
			}
			for e := range t.EmbeddedTypes() {
				walk(e)
			}
		default:
			typewalk.Components(t, walk)
		}
	}
	walk(t)
	return found
}

// implCondition tells whether the session type c implements the interface iface, whose
// methods mention type parameters of a generic function: possible is false where no
// instance can make it implement iface (a method missing, or a signature that differs
// outside the type parameters); otherwise cond is an expression, true in the instances
// where every method's signature is the one iface asks for (_pb_same_type of the two
// signatures). ok is false where a signature has no type string in the cell.
func (x *cell) implCondition(c types.Type, iface *types.Interface) (cond string, possible, ok bool) {
	ms := types.NewMethodSet(c)
	var conds []string
	for m := range iface.Methods() {
		sel := ms.Lookup(m.Pkg(), m.Name())
		if sel == nil {
			return "", false, true
		}
		have, want := sel.Type(), m.Type()
		if types.Identical(have, want) {
			continue
		}
		if !mentionsTypeParam(want) {
			return "", false, true
		}
		hs, ok1 := x.c.typeString(have)
		ws, ok2 := x.c.typeString(want)
		if !ok1 || !ok2 {
			return "", false, false
		}
		conds = append(conds, fmt.Sprintf("_pb_same_type[%s, %s]()", hs, ws))
	}
	if len(conds) == 0 {
		return "_pb_true", true, true
	}
	return strings.Join(conds, " && "), true, true
}

// sessionTypes lists the session's named types (not generic, not interfaces), the
// instances of its generic types that the cell uses, and pointers to them.
func (x *cell) sessionTypes() []types.Type {
	var out []types.Type
	scope := x.c.pkg.Scope()
	for _, n := range scope.Names() {
		tn, ok := scope.Lookup(n).(*types.TypeName)
		if !ok || tn.IsAlias() || isPrelude(n) {
			continue
		}
		nt, ok := tn.Type().(*types.Named)
		if !ok || nt.TypeParams() != nil || types.IsInterface(nt) {
			continue
		}
		out = append(out, nt, types.NewPointer(nt))
	}
	// The instances of generic types the cell uses (A[string] for a generic A): a
	// value of one held in an any implements a session interface as the others do
	// (typeparam/genembed.go: *A[string] failed x.(getter[string])). Instances that
	// only earlier cells used are not known here.
	for _, nt := range x.genericInstances() {
		out = append(out, nt, types.NewPointer(nt))
	}
	return out
}

// methodOrder lists the methods of interface iface in the order the Go runtime checks
// them when it builds an itab (cmd/compile's Sym.Less): exported names before
// unexported ones, then by name. The runtime names the first one the dynamic type lacks.
func methodOrder(iface *types.Interface) []*types.Func {
	var ms []*types.Func
	for i := 0; i < iface.NumMethods(); i++ {
		ms = append(ms, iface.Method(i))
	}
	sort.SliceStable(ms, func(i, j int) bool {
		ei, ej := ms[i].Exported(), ms[j].Exported()
		if ei != ej {
			return ei
		}
		return ms[i].Name() < ms[j].Name()
	})
	return ms
}

// missingOf names the method of iface that the Go runtime reports missing from type c
// ("missing method M2"): the first, in the runtime's order, that c's method set lacks
// or has with another signature; "" when c implements iface.
func missingOf(c types.Type, iface *types.Interface) string {
	ms := types.NewMethodSet(c)
	for _, m := range methodOrder(iface) {
		sel := ms.Lookup(m.Pkg(), m.Name())
		if sel == nil || !types.Identical(sel.Type(), m.Type()) {
			return m.Name()
		}
	}
	return ""
}

// missingExpr writes an expression for the method a failed assertion of a (of static
// type xt) to the interface t names as missing, which depends on the dynamic type: for
// the session's types, the one missingOf finds (tested one by one, as matchIface does);
// for any other type, the interface's method names in the runtime's order, separated by
// commas, from which AssertError takes the first the value's compiled type lacks.
// Types declared in the functions around the assertion (at pos) are tested too.
func (x *cell) missingExpr(a string, xt, t types.Type, pos token.Pos) string {
	iface, ok := t.Underlying().(*types.Interface)
	if !ok || iface.NumMethods() == 0 {
		return `""`
	}
	var names []string
	for _, m := range methodOrder(iface) {
		names = append(names, m.Name())
	}
	list := strconv.Quote(strings.Join(names, ","))
	if mentionsTypeParam(t) {
		// What a session type lacks depends on the instance.
		return list
	}
	var fromIface *types.Interface
	if fi, ok := xt.Underlying().(*types.Interface); ok && !fi.Empty() {
		fromIface = fi
	}
	var tries []string
	for _, c := range append(x.sessionTypes(), x.localTypes(pos)...) {
		if fromIface != nil && !types.Implements(c, fromIface) {
			continue // a.(c) would not compile: a value of c is never in a
		}
		m := missingOf(c, iface)
		if m == "" {
			continue
		}
		cs, ok := x.c.typeString(c)
		if !ok {
			continue
		}
		held := a
		if fromIface != nil {
			// A session type's value held in an error is boxed (see tryAssert).
			held = "_pb_unwrap(" + a + ")"
		}
		tries = append(tries, fmt.Sprintf("if _, ok := %s.(%s); ok { return %q }", held, cs, m))
	}
	if len(tries) == 0 {
		return list
	}
	return fmt.Sprintf("func() string {\nif %s != nil {\n%s\n}\nreturn %s\n}()", a, strings.Join(tries, "\n"), list)
}

// localTypes lists the named types declared in the functions around pos and visible
// there by their names (not generic, not interfaces), and pointers to them.
func (x *cell) localTypes(pos token.Pos) []types.Type {
	// The scopes of the cell's functions, not the package's: the file a session checks
	// need not span the cell's positions.
	var inner *types.Scope
	for _, s := range x.c.info.Scopes {
		if scopeDepth(s) > 2 && s.Contains(pos) {
			if in := s.Innermost(pos); in != nil && (inner == nil || scopeDepth(in) > scopeDepth(inner)) {
				inner = in
			}
		}
	}
	var out []types.Type
	for s := inner; s != nil && scopeDepth(s) > 2; s = s.Parent() {
		for _, n := range s.Names() {
			tn, ok := s.Lookup(n).(*types.TypeName)
			if !ok || tn.IsAlias() {
				continue
			}
			if _, visible := inner.LookupParent(n, pos); visible != tn {
				continue // declared later, or hidden by an inner declaration
			}
			nt, ok := tn.Type().(*types.Named)
			if !ok || nt.TypeParams() != nil || types.IsInterface(nt) {
				continue
			}
			out = append(out, nt, types.NewPointer(nt))
		}
	}
	return out
}

// scopeDepth counts the scopes from s up to the universe's: 1 for a package's, 2 for a
// file's, more for a function's and the blocks in it.
func scopeDepth(s *types.Scope) int {
	d := 0
	for ; s != nil && s != types.Universe; s = s.Parent() {
		d++
	}
	return d
}

// assertExpr rewrites a single-value type assertion x.(T).
func (x *cell) assertExpr(ta *ast.TypeAssertExpr) ast.Expr {
	if ta.Type == nil {
		return nil
	}
	t, xt := x.typeOf(ta.Type), x.typeOf(ta.X)
	if t == nil || xt == nil || !types.IsInterface(xt) {
		return nil
	}
	if _, isParam := types.Unalias(t).(*types.TypeParam); isParam || (!types.IsInterface(t) && mentionsTypeParam(t) && x.assertKind(xt, t) == assertNative) {
		// x.(T) in a generic function: yaegi's assertion panics naming the instance's
		// type (the message made here would name the parameter, "not T"); so does
		// x.([]T) on an empty interface (it said "not []T": gosmith seed 3045).
		return nil
	}
	ts, ok1 := x.c.typeString(t)
	xts, ok2 := x.c.typeString(xt)
	if !ok1 || !ok2 {
		return nil
	}
	target, iface := strconv.Quote(reflectName(t)), strconv.Quote(reflectName(xt))
	session := strconv.Quote(x.r.session)
	kind := x.assertKind(xt, t)
	tm := tmpl{pos: ta.Pos(), exprs: map[string]ast.Expr{"_pbX_x": ta.X}}
	if kind == assertNative && !types.IsInterface(t) {
		return tm.expr("_pb_assert[%s](_pbX_x, %s, %s, %s)", ts, target, iface, session)
	}
	try, ok := x.tryAssert(kind, "_pb_a", "_pb_v", "_pb_ok", ts, t, xt)
	if !ok {
		return nil
	}
	missing := `""`
	if types.IsInterface(t) {
		missing = x.missingExpr("_pb_a", xt, t, ta.Pos())
		// A nil asserted to an interface type: the runtime names no static type
		// ("interface is nil, not interface {}"), the empty interface's too.
		iface = strconv.Quote("interface")
	}
	return tm.expr("func(_pb_a %s) %s {\n%s\nif !_pb_ok { panic(_pb_assert_error(_pb_a, %s, %s, %s, %s)) }\nreturn _pb_v\n}(_pbX_x)",
		xts, ts, try, target, iface, missing, session)
}

// commaOk rewrites v, ok := x.(T) (or =) when yaegi needs help with it.
func (x *cell) commaOk(as *ast.AssignStmt) []ast.Stmt {
	if len(as.Lhs) != 2 || len(as.Rhs) != 1 || (as.Tok != token.DEFINE && as.Tok != token.ASSIGN) {
		return nil
	}
	ta, ok := as.Rhs[0].(*ast.TypeAssertExpr)
	if !ok || ta.Type == nil {
		return nil
	}
	t, xt := x.typeOf(ta.Type), x.typeOf(ta.X)
	if t == nil || xt == nil || !types.IsInterface(xt) {
		return nil
	}
	kind := x.assertKind(xt, t)
	if kind == assertNative {
		return nil
	}
	ts, ok1 := x.c.typeString(t)
	xts, ok2 := x.c.typeString(xt)
	if !ok1 || !ok2 {
		return nil
	}
	a, v, okv := x.tmp("a"), x.tmp("v"), x.tmp("ok")
	try, good := x.tryAssert(kind, a, v, okv, ts, t, xt)
	if !good {
		return nil
	}
	exprs := map[string]ast.Expr{"_pbX_x": ta.X}
	var pre []string
	dests := make([]string, 2)
	for i, l := range as.Lhs {
		ph := fmt.Sprintf("_pbX_l%d", i)
		if as.Tok == token.ASSIGN {
			// The operands of the destinations' index expressions and pointer
			// indirections are evaluated before the operand asserted, as Go does
			// (*e3(), ok = e2().(I) calls e3 first).
			bind := func(e ast.Expr) string {
				ph := fmt.Sprintf("_pbX_o%d", len(exprs))
				exprs[ph] = e
				if x.settled(e) {
					return ph
				}
				v := x.tmp("o")
				pre = append(pre, v+" := "+ph)
				return v
			}
			if d, ok := x.hoistDest(l, bind); ok {
				dests[i] = d
				continue
			}
		}
		exprs[ph] = l
		dests[i] = ph
	}
	tm := tmpl{pos: as.Pos(), exprs: exprs}
	return tm.statements("%svar %s %s = _pbX_x\n%s\n%s, %s %s %s, %s",
		strings.Join(append(pre, ""), "\n"), a, xts, try, dests[0], dests[1], as.Tok, v, okv)
}

// errorsAs rewrites errors.As(err, target): the compiled errors.As rejects pointers to
// the session's types (they do not implement error as reflect sees them). The tree
// walk is done by package rt, the assignability test by the interpreter:
//
//	_pb_errors_as(err, func(_pb_e any) bool { _pb_v, _pb_ok := _pb_e.(T); if _pb_ok { *target = _pb_v }; return _pb_ok })
func (x *cell) errorsAs(call *ast.CallExpr) ast.Expr {
	if x.calleeName(call.Fun) != "errors.As" || len(call.Args) != 2 || call.Ellipsis.IsValid() {
		return nil
	}
	pt, ok := underlying(x.typeOf(call.Args[1])).(*types.Pointer)
	if !ok {
		return nil
	}
	t := pt.Elem()
	_, try, ok := x.errorsTry(t)
	if !ok {
		return nil
	}
	tm := tmpl{pos: call.Pos(), exprs: map[string]ast.Expr{"_pbX_err": call.Args[0], "_pbX_target": call.Args[1]}}
	return tm.expr("_pb_errors_as(_pbX_err, func(_pb_e any) bool {\n%s\nif _pb_ok { *_pbX_target = _pb_v }\n%s\nreturn _pb_ok\n})", try, x.asMethodTry("_pbX_target"))
}

// asMethodTry returns the statements that, after the assignability test of errors.As
// failed, call the As(any) bool method of the error _pb_e with target, as errors.As
// does: a case per type of the session with such a method (a concrete assertion, which
// sees the values rt.ErrorsAs hands over, where an assertion to an interface with the
// method would not); "" when the session has none (none of the standard library's
// errors has one).
func (x *cell) asMethodTry(target string) string {
	var cases []string
	for _, t := range x.sessionAsTypes() {
		ts, ok := x.c.typeString(t)
		if !ok {
			continue
		}
		cases = append(cases, "case "+ts+":\nif _pb_x.As("+target+") { return _pb_true }")
	}
	if len(cases) == 0 {
		return ""
	}
	return "if !_pb_ok {\nswitch _pb_x := _pb_e.(type) {\n" + strings.Join(cases, "\n") + "\n}\n}"
}

// sessionAsTypes returns the types of the session (declared in this cell or an earlier
// one, all in the checked package's scope) whose method set has an As(any) bool method: T and *T for a value receiver, *T
// for a pointer receiver.
func (x *cell) sessionAsTypes() []types.Type {
	pkg := x.c.pkg // its scope holds every type of the session
	if pkg == nil {
		return nil
	}
	var out []types.Type
	for _, name := range pkg.Scope().Names() {
		tn, ok := pkg.Scope().Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() || types.IsInterface(tn.Type()) {
			continue
		}
		if n, ok := tn.Type().(*types.Named); ok && n.TypeParams().Len() > 0 {
			continue
		}
		for _, recv := range []types.Type{tn.Type(), types.NewPointer(tn.Type())} {
			sel := types.NewMethodSet(recv).Lookup(nil, "As")
			if sel == nil {
				continue
			}
			sig, ok := sel.Obj().Type().(*types.Signature)
			if ok && sig.Params().Len() == 1 && sig.Results().Len() == 1 && types.IsInterface(sig.Params().At(0).Type()) &&
				types.Identical(sig.Results().At(0).Type(), types.Typ[types.Bool]) {
				out = append(out, recv)
			}
		}
	}
	return out
}

// errorsTry returns the spelling of the error type t and the statements that assert
// _pb_e (any) to it as _pb_v, _pb_ok, for errorsAs and errorsAsType.
func (x *cell) errorsTry(t types.Type) (ts, try string, ok bool) {
	if ts, ok = x.c.typeString(t); !ok {
		return "", "", false
	}
	kind := assertNative
	if types.IsInterface(t) {
		kind = x.assertKind(types.NewInterfaceType(nil, nil), t)
	}
	try, ok = x.tryAssert(kind, "_pb_e", "_pb_v", "_pb_ok", ts, t, types.NewInterfaceType(nil, nil))
	return ts, try, ok
}

// errorsAsType rewrites errors.AsType[E](err) (Go 1.26) as errorsAs does errors.As, for
// the same reason (E may be a session type):
//
//	func() (E, bool) { var _pb_t E; _pb_r := _pb_errors_as(err, func(_pb_e any) bool { ...; if _pb_ok { _pb_t = _pb_v }; return _pb_ok }); return _pb_t, _pb_r }()
func (x *cell) errorsAsType(call *ast.CallExpr) ast.Expr {
	if len(call.Args) != 1 || call.Ellipsis.IsValid() {
		return nil
	}
	if !x.calls(call, "errors", "AsType") {
		return nil
	}
	tv, ok := x.info.Types[call]
	if !ok {
		return nil
	}
	tuple, ok := tv.Type.(*types.Tuple)
	if !ok || tuple.Len() != 2 {
		return nil
	}
	t := tuple.At(0).Type()
	ts, try, ok := x.errorsTry(t)
	if !ok {
		return nil
	}
	tm := tmpl{pos: call.Pos(), exprs: map[string]ast.Expr{"_pbX_err": call.Args[0]}}
	return tm.expr("func() (%[1]s, bool) {\nvar _pb_t %[1]s\n_pb_r := _pb_errors_as(_pbX_err, func(_pb_e any) bool {\n%[2]s\nif _pb_ok { _pb_t = _pb_v }\n%[3]s\nreturn _pb_ok\n})\nreturn _pb_t, _pb_r\n}()", ts, try, x.asMethodTry("&_pb_t"))
}

// calls reports whether call calls the package function path.name, maybe generic, maybe
// already sent to the prelude (see redirected; the call's node and type stay the
// original's).
func (x *cell) calls(call *ast.CallExpr, path, name string) bool {
	fun := ast.Unparen(call.Fun)
	switch ix := fun.(type) {
	case *ast.IndexExpr:
		fun = ix.X
	case *ast.IndexListExpr:
		fun = ix.X
	}
	switch f := fun.(type) {
	case *ast.SelectorExpr:
		fn, ok := x.info.Uses[f.Sel].(*types.Func)
		return ok && fn.Pkg() != nil && fn.Pkg().Path() == path && fn.Name() == name
	case *ast.Ident:
		return f.Name == preludeName(path, name)
	}
	return false
}

// randN rewrites math/rand/v2's generic N(n) into a call of compiled code and an
// assertion to n's type, _pb_rand_n(n).(T): yaegi crashes instantiating a generic
// function with a compiled named type (N(10*time.Second)).
func (x *cell) randN(call *ast.CallExpr) ast.Expr {
	if len(call.Args) != 1 || !x.calls(call, "math/rand/v2", "N") {
		return nil
	}
	tv, ok := x.info.Types[call]
	if !ok || tv.Type == nil {
		return nil
	}
	t, ok := x.typeExpr(tv.Type, call.Pos())
	conv, ok2 := x.typeExpr(tv.Type, call.Pos())
	if !ok || !ok2 {
		return nil
	}
	arg := call.Args[0]
	_, basic := tv.Type.(*types.Basic)
	if at, ok := x.info.Types[arg]; !ok || !types.Identical(at.Type, tv.Type) || at.Value != nil && basic {
		// An explicit type argument or a constant (an untyped one would reach N as an
		// int): convert. Not a constant of a named type: yaegi crashes on
		// time.Duration(10 * time.Second) there, and a typed constant keeps its type.
		arg = &ast.CallExpr{Fun: conv, Lparen: call.Lparen, Args: call.Args, Rparen: call.Rparen}
	}
	return &ast.TypeAssertExpr{
		X: &ast.CallExpr{Fun: &ast.Ident{NamePos: call.Pos(), Name: "_pb_rand_n"}, Lparen: call.Lparen,
			Args: []ast.Expr{arg}, Rparen: call.Rparen},
		Lparen: call.Rparen, Type: t, Rparen: call.Rparen,
	}
}

// jsonCall rewrites json.Unmarshal(data, v) into _pb_json_unmarshal(data, v, id) and
// dec.Decode(v) of a *json.Decoder into _pb_json_decode(dec.Decode, v, id), id
// describing v's static type, when that type holds a type of the session: the
// *json.UnmarshalTypeError then names the cell struct of the field (see package rt).
func (x *cell) jsonCall(call *ast.CallExpr) ast.Expr {
	if call.Ellipsis.IsValid() {
		return nil
	}
	var name string
	var args []ast.Expr
	switch {
	case len(call.Args) == 2 && x.calls(call, "encoding/json", "Unmarshal"):
		name, args = "_pb_json_unmarshal", []ast.Expr{call.Args[0], call.Args[1]}
	case len(call.Args) == 1:
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return nil
		}
		f, ok := x.info.Uses[sel.Sel].(*types.Func)
		if !ok || f.Pkg() == nil || f.Pkg().Path() != "encoding/json" || f.Name() != "Decode" {
			return nil
		}
		if sig, ok := f.Type().(*types.Signature); !ok || sig.Recv() == nil {
			return nil
		}
		name, args = "_pb_json_decode", []ast.Expr{sel, call.Args[0]}
	default:
		return nil
	}
	v := args[len(args)-1]
	tv, ok := x.info.Types[v]
	if !ok || tv.Type == nil || isUntyped(tv.Type) || !x.needsHelp(tv.Type, nil) {
		return nil
	}
	args = append(args, x.descID(tv.Type, v.Pos()))
	return &ast.CallExpr{Fun: &ast.Ident{NamePos: call.Pos(), Name: name}, Lparen: call.Lparen,
		Args: args, Rparen: call.Rparen}
}
