package rewrite

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
)

// encoding/xml and the names of cell types. encoding/xml names a value's element by its
// type's name where no XMLName field and no field tag names it; the types a cell
// declares have no name at run time (reflect cannot make named types: a struct is
// refused as unsupported, a defined number type gets the name of a pool type). The
// rewriter routes xml.Marshal, xml.MarshalIndent and enc.Encode of a value of such a
// type through package rt (rt/xmlname.go), with the name Go gives it; of a value of an
// interface type, with no name: rt names the element by the value's dynamic type.

// xmlEncodeCall rewrites xml.Marshal(v), xml.MarshalIndent(v, prefix, indent) and
// enc.Encode(v) of an *xml.Encoder into _pb_xml_marshal(v, name),
// _pb_xml_marshal_indent(v, prefix, indent, name) and _pb_xml_encode(enc, v, name)
// where v's static type gives its element the name of a type of the session.
func (x *cell) xmlEncodeCall(call *ast.CallExpr) ast.Expr {
	kind, sel, ok := x.encoderCall(call, "encoding/xml")
	if !ok {
		return nil
	}
	fn, args := "_pb_xml_"+kind, append([]ast.Expr(nil), call.Args...)
	if kind == "encode" {
		args = []ast.Expr{sel.X, call.Args[0]}
	}
	tv, ok := x.info.Types[call.Args[0]]
	if !ok || tv.Type == nil {
		return nil
	}
	name, ok := xmlTypeName(tv.Type)
	if !ok {
		if !types.IsInterface(tv.Type) {
			return nil
		}
		name = "" // an interface: package rt names the element by the dynamic type
	}
	args = append(args, &ast.BasicLit{ValuePos: call.Args[0].Pos(), Kind: token.STRING, Value: strconv.Quote(name)})
	return &ast.CallExpr{Fun: &ast.Ident{NamePos: call.Pos(), Name: fn}, Lparen: call.Lparen,
		Args: args, Rparen: call.Rparen}
}

// xmlTypeName returns the name encoding/xml gives the element of a value of static type
// t where that name is a session type's: t is such a type, a pointer to one, or a slice
// or array of either (whose elements are named so), and the type has no XMLName field.
// ok is false for other types, and for types whose values encoding/xml does not name
// by their type (a defined slice type: its elements are named by theirs).
func xmlTypeName(t types.Type) (string, bool) {
	deref := func(t types.Type) types.Type {
		t = types.Unalias(t)
		if p, ok := t.(*types.Pointer); ok {
			return types.Unalias(p.Elem())
		}
		return t
	}
	t = deref(t)
	switch s := t.(type) {
	case *types.Slice:
		if isByte(s.Elem()) {
			return "", false // encoded whole, not element by element
		}
		t = deref(s.Elem())
	case *types.Array:
		if isByte(s.Elem()) {
			return "", false
		}
		t = deref(s.Elem())
	}
	n, ok := t.(*types.Named)
	if !ok || !isSessionPkg(n.Obj().Pkg()) {
		return "", false
	}
	switch u := n.Underlying().(type) {
	case *types.Struct:
		if obj, _, _ := types.LookupFieldOrMethod(n, false, n.Obj().Pkg(), "XMLName"); obj != nil {
			if _, field := obj.(*types.Var); field {
				return "", false
			}
		}
	case *types.Basic:
	case *types.Slice:
		if !isByte(u.Elem()) {
			return "", false
		}
	case *types.Array:
		if !isByte(u.Elem()) {
			return "", false
		}
	default:
		return "", false
	}
	return n.Obj().Name(), true
}

// isByte reports whether t is byte (uint8), as encoding/xml tests a []byte.
func isByte(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Uint8
}
