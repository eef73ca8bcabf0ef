package rewrite

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// encoding/json and the methods of cell types. encoding/json cannot see the methods of
// the types a cell declares (yaegi's reflect types have none), so the rewriter registers
// the json methods of each named type (registerJSON, beside the printer's registration)
// and routes json.Marshal, MarshalIndent, Encoder.Encode, Unmarshal and Decoder.Decode
// through package rt, which calls them where encoding/json would (rt/jsonencode.go,
// rt/jsondecode.go).

// jsonMethods are the methods encoding/json looks for, in the order of RegisterJSON's
// arrays, with their signatures (as sigKey writes them).
var jsonMethods = []struct{ name, sig string }{
	{"MarshalJSON", "() ([]byte, error)"},
	{"MarshalText", "() ([]byte, error)"},
	{"UnmarshalJSON", "([]byte) (error)"},
	{"UnmarshalText", "([]byte) (error)"},
	{"IsZero", "() (bool)"},
}

// registerJSON adds the registration of the json methods of named (written ts in the
// cell) to the cell, when it has any: a declaration added to f, or a statement put
// before the cell's statements.
func (x *cell) registerJSON(named *types.Named, ts string, f *ast.File, stmts *ast.BlockStmt) {
	var sets [2][5]string
	found := false
	for i, recv := range []types.Type{named, types.NewPointer(named)} {
		ms := types.NewMethodSet(recv)
		recvType := ts
		if i == 1 {
			recvType = "*" + ts
		}
		sets[i] = [5]string{"nil", "nil", "nil", "nil", "nil"}
		for j, m := range jsonMethods {
			sel := ms.Lookup(nil, m.name)
			if sel == nil {
				continue
			}
			sig, ok := sel.Obj().Type().(*types.Signature)
			if !ok || !jsonSig(sig, m.sig) {
				continue
			}
			found = true
			switch m.sig {
			case "([]byte) (error)":
				sets[i][j] = fmt.Sprintf("func(v %s, b []byte) error { return v.%s(b) }", recvType, m.name)
			case "() (bool)":
				sets[i][j] = fmt.Sprintf("func(v %s) bool { return v.%s() }", recvType, m.name)
			default:
				sets[i][j] = fmt.Sprintf("func(v %s) ([]byte, error) { return v.%s() }", recvType, m.name)
			}
		}
	}
	if !found {
		return
	}
	call := fmt.Sprintf("_pb_register_json(%q, %q, *new(%s), [5]any{%s}, [5]any{%s})",
		x.r.session, reflectName(named), ts, strings.Join(sets[0][:], ", "), strings.Join(sets[1][:], ", "))
	switch {
	case f != nil:
		// Before the cell's own declarations: a package variable initialized with
		// json.Marshal of the type must see its methods (Go's initialization order
		// follows the source where nothing depends).
		declareFirst(f, parseDecl(f.Pos(), fmt.Sprintf("package main\nvar %s = %s", x.tmp("regjson"), call)))
	case stmts != nil:
		stmts.List = append(parseStmts(stmts.Lbrace, "_ = %s", call), stmts.List...)
	}
}

// declareFirst adds the declaration d to f before its declarations (after its imports):
// a registration that package variables initialized with a value of the type (printed,
// marshalled) must find done, as Go's initialization order follows the source where
// nothing depends.
func declareFirst(f *ast.File, d ast.Decl) {
	i := 0
	for i < len(f.Decls) {
		if g, ok := f.Decls[i].(*ast.GenDecl); !ok || g.Tok != token.IMPORT {
			break
		}
		i++
	}
	f.Decls = append(f.Decls[:i], append([]ast.Decl{d}, f.Decls[i:]...)...)
}

// jsonSig reports whether sig is the signature written want (as in jsonMethods), with
// byte and uint8 the same type (a compiled package's []byte reads as []uint8).
func jsonSig(sig *types.Signature, want string) bool {
	bytes := types.NewSlice(types.Typ[types.Byte])
	var params, results []types.Type
	switch want {
	case "() ([]byte, error)":
		results = []types.Type{bytes, errorType}
	case "([]byte) (error)":
		params, results = []types.Type{bytes}, []types.Type{errorType}
	case "() (bool)":
		results = []types.Type{types.Typ[types.Bool]}
	}
	same := func(tup *types.Tuple, ts []types.Type) bool {
		if tup.Len() != len(ts) {
			return false
		}
		for i, t := range ts {
			if !types.Identical(tup.At(i).Type(), t) {
				return false
			}
		}
		return true
	}
	return !sig.Variadic() && same(sig.Params(), params) && same(sig.Results(), results)
}

// jsonEncodeCall rewrites json.Marshal(v), json.MarshalIndent(v, prefix, indent) and
// enc.Encode(v) of a *json.Encoder into _pb_json_marshal(v, id),
// _pb_json_marshal_indent(v, prefix, indent, id) and _pb_json_encode(enc.Encode, v, id),
// id describing v's static type, when that type holds a type of the session or an
// interface: package rt calls the json methods of cell types and writes the values of
// the cell's interface types as what they hold.
func (x *cell) jsonEncodeCall(call *ast.CallExpr) ast.Expr {
	kind, sel, ok := x.encoderCall(call, "encoding/json")
	if !ok {
		return nil
	}
	name, args := "_pb_json_"+kind, append([]ast.Expr(nil), call.Args...)
	if kind == "encode" {
		args = []ast.Expr{sel, call.Args[0]}
	}
	v := call.Args[0]
	tv, ok := x.info.Types[v]
	if !ok || tv.Type == nil || isUntyped(tv.Type) || !x.needsHelp(tv.Type, nil) {
		return nil
	}
	args = append(args, x.descID(tv.Type, v.Pos()))
	return &ast.CallExpr{Fun: &ast.Ident{NamePos: call.Pos(), Name: name}, Lparen: call.Lparen,
		Args: args, Rparen: call.Rparen}
}

// xmlMethods are the methods encoding/xml looks for on the values it encodes and decodes.
var xmlMethods = []string{"MarshalXML", "UnmarshalXML", "MarshalXMLAttr", "UnmarshalXMLAttr", "MarshalText", "UnmarshalText"}

// refuseXMLMethods refuses a call of encoding/xml with a value whose type holds a cell
// type with a method encoding/xml would call: it cannot see the methods of cell types
// (encoding/json can, through package rt; encoding/xml is not routed so).
func (x *cell) refuseXMLMethods(call *ast.CallExpr, add func(token.Pos, string, ...any)) {
	fn := calleeFunc(x.info, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "encoding/xml" {
		return
	}
	switch fn.Name() {
	case "Marshal", "MarshalIndent", "Unmarshal", "Encode", "EncodeElement", "Decode", "DecodeElement":
	default:
		return
	}
	hasXML := func(n *types.Named) bool {
		ms := types.NewMethodSet(types.NewPointer(n))
		for _, m := range xmlMethods {
			if ms.Lookup(nil, m) != nil {
				return true
			}
		}
		return false
	}
	for _, arg := range call.Args {
		t := x.typeOf(arg)
		if held := cellTypeWith(t, hasXML, map[types.Type]bool{}); held != "" {
			add(arg.Pos(), "xml.%s with a value of type %s is not supported in cells: it holds a %s, and encoding/xml does not see the methods of types declared in cells (%s would not be called)",
				fn.Name(), typeName(t), held, strings.Join(xmlMethods, ", "))
			continue
		}
		if !holdsEmptyInterface(t, map[types.Type]bool{}) || x.c == nil || x.c.pkg == nil {
			continue
		}
		// An interface (any) may hold a value of such a type, put there by this cell
		// or an earlier one.
		scope := x.c.pkg.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() {
				continue
			}
			if held := cellTypeWith(tn.Type(), hasXML, map[types.Type]bool{}); held != "" {
				add(arg.Pos(), "xml.%s with a value of type %s is not supported in cells: its interfaces (any) may hold a value of %s, a type declared in a cell with a method encoding/xml would not see (%s)",
					fn.Name(), typeName(t), held, strings.Join(xmlMethods, ", "))
				break
			}
		}
	}
}

// refuseJSONFuncValues refuses encoding/json's Marshal, MarshalIndent, Unmarshal,
// Encoder.Encode and Decoder.Decode used other than called directly (a function value,
// a method value or expression): the rewriter routes only direct calls through package
// rt, which alone sees the json methods and names of cell types.
func (x *cell) refuseJSONFuncValues(roots []ast.Node, add func(token.Pos, string, ...any)) {
	called := map[ast.Expr]bool{}
	for _, root := range roots {
		ast.Inspect(root, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				called[ast.Unparen(n.Fun)] = true
			case *ast.SelectorExpr:
				f, ok := x.info.Uses[n.Sel].(*types.Func)
				if !ok || called[n] || f.Pkg() == nil || f.Pkg().Path() != "encoding/json" {
					return true
				}
				switch f.Name() {
				case "Marshal", "MarshalIndent", "Unmarshal", "Encode", "Decode":
					name := "json." + f.Name()
					if sig, ok := f.Type().(*types.Signature); ok && sig.Recv() != nil {
						name = "(" + types.TypeString(sig.Recv().Type(), func(p *types.Package) string { return p.Name() }) + ")." + f.Name()
					}
					add(n.Pos(), "%s used as a function value is not supported in cells: only a direct call sees the json methods and the names of types declared in cells (call it directly)", name)
				}
			}
			return true
		})
	}
}

// jsonErrorAsserts wraps the operand of a type assertion or type switch on an error to
// one of encoding/json's error types naming a type (*json.UnmarshalTypeError,
// *json.MarshalerError, *json.InvalidUnmarshalError) in _pb_json_err: package rt gives
// the error of this package in their place when the type named is a cell type (their
// reflect.Type cannot be), and the assertion, which would fail where Go's succeeds,
// panics with the reason instead.
func (x *cell) jsonErrorAsserts(root ast.Node) {
	wrap := func(e ast.Expr) ast.Expr {
		tv, ok := x.info.Types[e]
		if !ok || !types.Identical(tv.Type, errorType) {
			return e
		}
		call := &ast.CallExpr{Fun: &ast.Ident{NamePos: e.Pos(), Name: "_pb_json_err"}, Lparen: e.Pos(),
			Args: []ast.Expr{e}, Rparen: e.End()}
		x.info.Types[call] = tv
		return call
	}
	ast.Inspect(root, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.TypeAssertExpr:
			if n.Type != nil && isJSONErrorType(x.typeOf(n.Type)) {
				n.X = wrap(n.X)
			}
		case *ast.TypeSwitchStmt:
			var ta *ast.TypeAssertExpr
			switch a := n.Assign.(type) {
			case *ast.ExprStmt:
				ta, _ = a.X.(*ast.TypeAssertExpr)
			case *ast.AssignStmt:
				if len(a.Rhs) == 1 {
					ta, _ = a.Rhs[0].(*ast.TypeAssertExpr)
				}
			}
			if ta == nil {
				return true
			}
			for _, cl := range n.Body.List {
				for _, e := range cl.(*ast.CaseClause).List {
					if isJSONErrorType(x.typeOf(e)) {
						ta.X = wrap(ta.X)
						return true
					}
				}
			}
		}
		return true
	})
}

// isJSONErrorType reports whether t is a pointer to one of encoding/json's error types
// holding a reflect.Type.
func isJSONErrorType(t types.Type) bool {
	p, ok := t.(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := p.Elem().(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "encoding/json" {
		return false
	}
	switch n.Obj().Name() {
	case "UnmarshalTypeError", "MarshalerError", "InvalidUnmarshalError":
		return true
	}
	return false
}

// encoderCall recognises Marshal(v), MarshalIndent(v, prefix, indent) and an Encoder's
// Encode(v) of the encoding package at path (encoding/json, encoding/xml): kind is
// "marshal", "marshal_indent" or "encode", sel the call's selector.
func (x *cell) encoderCall(call *ast.CallExpr, path string) (kind string, sel *ast.SelectorExpr, ok bool) {
	if call.Ellipsis.IsValid() || len(call.Args) == 0 {
		return "", nil, false
	}
	sel, ok = ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return "", nil, false
	}
	f, ok := x.info.Uses[sel.Sel].(*types.Func)
	if !ok || f.Pkg() == nil || f.Pkg().Path() != path {
		return "", nil, false
	}
	sig, _ := f.Type().(*types.Signature)
	switch {
	case sig == nil:
		return "", nil, false
	case sig.Recv() == nil && f.Name() == "Marshal" && len(call.Args) == 1:
		return "marshal", sel, true
	case sig.Recv() == nil && f.Name() == "MarshalIndent" && len(call.Args) == 3:
		return "marshal_indent", sel, true
	case sig.Recv() != nil && f.Name() == "Encode" && len(call.Args) == 1:
		return "encode", sel, true
	}
	return "", nil, false
}
