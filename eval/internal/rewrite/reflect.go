package rewrite

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"
)

// reflect on values of cell types. yaegi's reflect types of cell types are not Go's
// (see package rt, reflect.go): the calls of the methods of reflect.Type and
// reflect.Value that would show it go to the prelude's _pb_reflect_Type_M and
// _pb_reflect_Value_M, which answer as Go does, and each named type a cell declares is
// registered for them with _pb_reflect_register (its fields' Go names, its exported
// methods). The uses these calls do not cover stay refused (unsupported.go).

// reflectMethods are the methods of reflect.Type and reflect.Value whose answers the
// prelude corrects for cell types.
var reflectMethods = map[string]map[string]bool{
	"Type": {"Kind": true, "Name": true, "String": true, "PkgPath": true, "Field": true, "FieldByIndex": true,
		"FieldByName": true, "FieldByNameFunc": true, "NumMethod": true, "Method": true,
		"MethodByName": true, "Implements": true, "AssignableTo": true, "ConvertibleTo": true},
	"Value": {"Kind": true, "Elem": true, "Field": true, "FieldByIndex": true, "FieldByIndexErr": true, "FieldByName": true,
		"FieldByNameFunc": true, "NumMethod": true, "Method": true, "MethodByName": true, "String": true},
}

// reflectRecv returns "Type" or "Value" when t is reflect.Type or reflect.Value (or a
// pointer to a reflect.Value, with deref true), "" otherwise.
func reflectRecv(t types.Type) (kind string, deref bool) {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t, deref = p.Elem(), true
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "reflect" {
		return "", false
	}
	switch n.Obj().Name() {
	case "Type":
		if deref {
			return "", false
		}
		return "Type", false
	case "Value":
		return "Value", deref
	}
	return "", false
}

// reflectMethodOf returns the corrected method a selector names (recv.M), with the
// receiver's kind, or "" when it names none.
func (x *cell) reflectMethodOf(sel *ast.SelectorExpr) (kind, method string, deref bool) {
	s := x.info.Selections[sel]
	if s == nil || s.Kind() != types.MethodVal {
		return "", "", false
	}
	kind, deref = reflectRecv(x.typeOf(sel.X))
	if kind == "" || !reflectMethods[kind][sel.Sel.Name] {
		return "", "", false
	}
	return kind, sel.Sel.Name, deref
}

// promotedReflectMethod returns "Type" or "Value" when sel names a corrected method of
// reflect.Type or reflect.Value promoted through an embedding struct (w.Name() with
// type W struct{ reflect.Type }), which the rewrite does not reach.
func (x *cell) promotedReflectMethod(sel *ast.SelectorExpr) string {
	s := x.info.Selections[sel]
	if s == nil || s.Kind() != types.MethodVal || len(s.Index()) < 2 || !reflectMethods["Type"][sel.Sel.Name] && !reflectMethods["Value"][sel.Sel.Name] {
		return ""
	}
	// The type of the embedded field the method comes from.
	t := x.typeOf(sel.X)
	for _, i := range s.Index()[:len(s.Index())-1] {
		if p, ok := types.Unalias(t).(*types.Pointer); ok {
			t = p.Elem()
		}
		st, ok := underlying(t).(*types.Struct)
		if !ok || i >= st.NumFields() {
			return ""
		}
		t = st.Field(i).Type()
	}
	kind, _ := reflectRecv(t)
	if kind == "" || !reflectMethods[kind][sel.Sel.Name] {
		return ""
	}
	return kind
}

// reflectCall rewrites a call of a corrected method of reflect.Type or reflect.Value,
// and of reflect.VisibleFields:
//
//	t.Field(i)   =>   _pb_reflect_Type_Field("SESSION", t, i)
func (x *cell) reflectCall(call *ast.CallExpr) ast.Expr {
	if fn := calleeFunc(x.info, call); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "reflect" && fn.Name() == "VisibleFields" {
		if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() == nil && len(call.Args) == 1 {
			return x.reflectHelper(call, "_pb_reflect_VisibleFields", call.Args)
		}
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	kind, method, deref := x.reflectMethodOf(sel)
	if kind == "" || call.Ellipsis.IsValid() {
		return nil
	}
	recv := sel.X
	if deref {
		recv = &ast.StarExpr{Star: recv.Pos(), X: recv}
	}
	return x.reflectHelper(call, "_pb_reflect_"+kind+"_"+method, append([]ast.Expr{recv}, call.Args...))
}

// reflectHelper is a call of the prelude's helper name with the session and args.
func (x *cell) reflectHelper(call *ast.CallExpr, name string, args []ast.Expr) ast.Expr {
	pos := call.Pos()
	session := &ast.BasicLit{ValuePos: pos, Kind: token.STRING, Value: strconv.Quote(x.r.session)}
	return &ast.CallExpr{
		Fun:    &ast.Ident{NamePos: pos, Name: name},
		Lparen: call.Lparen, Args: append([]ast.Expr{session}, args...), Rparen: call.Rparen,
	}
}

// reflectPrintArgs replaces the reflect.Type and reflect.Value operands of a printing
// call: a type prints its Go name (_pb_reflect_type_text), a value the value it holds
// as Go prints it (_pb_reflect_value_shown). %T and %p operands are left alone.
func (x *cell) reflectPrintArgs(call *ast.CallExpr) {
	pf, ok := printFuncs[x.calleeName(call.Fun)]
	if !ok || len(call.Args) <= pf.first || call.Ellipsis.IsValid() {
		return
	}
	for i := pf.first; i < len(call.Args); i++ {
		arg := call.Args[i]
		t := x.typeOf(arg)
		kind, deref := reflectRecv(t)
		if kind == "" || deref {
			if x.printableReflectData(t) && x.printVerb(call, pf.format, i-pf.first) == 'v' {
				call.Args[i] = &ast.CallExpr{Fun: &ast.Ident{NamePos: arg.Pos(), Name: "_pb_reflect_data_shown"}, Lparen: arg.Pos(),
					Args: []ast.Expr{arg}, Rparen: arg.End()}
			}
			continue
		}
		if v := x.printVerb(call, pf.format, i-pf.first); v == 'T' || v == 'p' || v == 0 {
			continue
		}
		pos := arg.Pos()
		if kind == "Type" {
			call.Args[i] = &ast.CallExpr{Fun: &ast.Ident{NamePos: pos, Name: "_pb_reflect_type_text"}, Lparen: pos,
				Args: []ast.Expr{arg}, Rparen: arg.End()}
			continue
		}
		session := &ast.BasicLit{ValuePos: pos, Kind: token.STRING, Value: strconv.Quote(x.r.session)}
		call.Args[i] = &ast.CallExpr{Fun: &ast.Ident{NamePos: pos, Name: "_pb_reflect_value_shown"}, Lparen: pos,
			Args: []ast.Expr{session, arg}, Rparen: arg.End()}
	}
}

// printVerb is the verb that prints operand i of a printing call whose format argument
// is at index format (-1 for none): 'v' for Print and Println, the verb of a constant
// format, sharpV for %#v, 0 when the format is not constant.
func (x *cell) printVerb(call *ast.CallExpr, format, i int) rune {
	if format < 0 {
		return 'v'
	}
	verbs, _ := x.formatVerbs(call.Args[format])
	if verbs == nil || i >= len(verbs) {
		return 0
	}
	switch v := verbs[i]; v {
	case 's', 'q', 'x', 'X':
		return 'v' // a struct's fields print with the verb: types print their names
	default:
		return v
	}
}

// printableReflectData reports whether t is reflect.StructField, reflect.Method or a
// slice of them: values that print their Type fields with Go's names through
// _pb_reflect_data_shown.
func (x *cell) printableReflectData(t types.Type) bool {
	if s, ok := types.Unalias(t).(*types.Slice); ok {
		t = s.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "reflect" &&
		(n.Obj().Name() == "StructField" || n.Obj().Name() == "Method")
}

// registerReflectTypes registers for reflect the named types of list (those the cell
// declares or uses as instances), once the session uses package reflect: the first
// cell that uses it registers the session's earlier types too. Sessions that never use
// reflect compile no registration.
func (x *cell) registerReflectTypes(list []*types.Named, f *ast.File, stmts *ast.BlockStmt) {
	if !x.r.reflectOn {
		if !x.usesReflect() {
			return
		}
		x.r.reflectOn = true
		seen := map[*types.TypeName]bool{}
		for _, n := range list {
			seen[n.Obj()] = true
		}
		scope := x.c.pkg.Scope()
		var earlier []*types.Named
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() || seen[tn] || isPrelude(name) {
				continue
			}
			if n, ok := tn.Type().(*types.Named); ok && n.TypeParams() == nil {
				earlier = append(earlier, n)
			}
		}
		list = append(earlier, list...)
	}
	for _, named := range list {
		if ts, ok := x.c.typeString(named); ok {
			x.registerReflect(named, ts, f, stmts)
		}
	}
	x.registerLocalTypes()
}

// registerLocalTypes registers for reflect the struct types declared in functions (the
// Go names and tags of their fields; they have no methods), with a statement after the
// declaration: _ = _pb_reflect_register(...).
func (x *cell) registerLocalTypes() {
	for _, root := range x.roots {
		ast.Inspect(root, func(n ast.Node) bool {
			var list *[]ast.Stmt
			switch n := n.(type) {
			case *ast.BlockStmt:
				list = &n.List
			case *ast.CaseClause:
				list = &n.Body
			case *ast.CommClause:
				list = &n.Body
			default:
				return true
			}
			var out []ast.Stmt
			for _, st := range *list {
				out = append(out, st)
				ds, ok := st.(*ast.DeclStmt)
				if !ok {
					continue
				}
				gd, ok := ds.Decl.(*ast.GenDecl)
				if !ok || gd.Tok != token.TYPE {
					continue
				}
				for _, spec := range gd.Specs {
					ts := spec.(*ast.TypeSpec)
					tn, ok := x.info.Defs[ts.Name].(*types.TypeName)
					if !ok || tn.IsAlias() || ts.Name.Name == "_" {
						continue
					}
					named, ok := tn.Type().(*types.Named)
					if !ok || named.TypeParams() != nil {
						continue
					}
					if _, isStruct := named.Underlying().(*types.Struct); !isStruct {
						continue
					}
					block := &ast.BlockStmt{Lbrace: st.End()}
					x.registerReflect(named, ts.Name.Name, nil, block)
					out = append(out, block.List...)
				}
			}
			*list = out
			return true
		})
	}
}

// usesReflect reports whether the cell uses package reflect.
func (x *cell) usesReflect() bool {
	for _, obj := range x.info.Uses {
		if obj != nil && obj.Pkg() != nil && obj.Pkg().Path() == "reflect" {
			return true
		}
	}
	return false
}

// registerReflect adds the registration of a named type for reflect (see
// rt.RegisterReflect) to the cell: a declaration in its file, or a statement before its
// statements. ts is the type as the cell writes it.
func (x *cell) registerReflect(named *types.Named, ts string, f *ast.File, stmts *ast.BlockStmt) {
	if types.IsInterface(named) {
		return
	}
	var fields, embedded, tags []string
	if st, ok := named.Underlying().(*types.Struct); ok {
		for i := 0; i < st.NumFields(); i++ {
			fields = append(fields, strconv.Quote(st.Field(i).Name()))
			embedded = append(embedded, strconv.FormatBool(st.Field(i).Embedded()))
			tags = append(tags, strconv.Quote(st.Tag(i)))
		}
	}
	var sets [2]struct{ names, funcs []string }
	for i, recv := range []types.Type{named, types.NewPointer(named)} {
		recvType := ts
		if i == 1 {
			recvType = "*" + ts
		}
		ms := types.NewMethodSet(recv)
		var list []*types.Selection
		for j := 0; j < ms.Len(); j++ {
			if ms.At(j).Obj().Exported() {
				list = append(list, ms.At(j))
			}
		}
		sort.Slice(list, func(a, b int) bool { return list[a].Obj().Name() < list[b].Obj().Name() })
		for _, sel := range list {
			fn, ok := x.methodWrapper(sel.Obj().(*types.Func), recvType)
			if !ok {
				fn = "nil" // a method whose types the cell cannot write: reflect refuses the type's methods
			}
			sets[i].names = append(sets[i].names, strconv.Quote(sel.Obj().Name()))
			sets[i].funcs = append(sets[i].funcs, fn)
		}
	}
	call := fmt.Sprintf("_pb_reflect_register(%q, %q, *new(%s), []string{%s}, []bool{%s}, []string{%s}, []string{%s}, []any{%s}, []string{%s}, []any{%s})",
		x.r.session, reflectName(named), ts, strings.Join(fields, ", "), strings.Join(embedded, ", "), strings.Join(tags, ", "),
		strings.Join(sets[0].names, ", "), strings.Join(sets[0].funcs, ", "),
		strings.Join(sets[1].names, ", "), strings.Join(sets[1].funcs, ", "))
	switch {
	case f != nil:
		// Positioned at the file's first declaration: at f.End() yaegi does not find the
		// file's imports (a method taking a reflect.Type failed to compile).
		pos := f.End()
		if len(f.Decls) > 0 {
			pos = f.Decls[0].Pos()
		}
		f.Decls = append(f.Decls, parseDecl(pos, fmt.Sprintf("package main\nvar %s = %s", x.tmp("reflreg"), call)))
	case stmts != nil:
		stmts.List = append(parseStmts(stmts.Lbrace, "_ = %s", call), stmts.List...)
	}
}

// methodWrapper writes a function literal that calls method m on a receiver of type
// recvType, passing its parameters: func(v T, p0 int, p1 ...string) (int, error) {
// return v.M(p0, p1...) }.
func (x *cell) methodWrapper(m *types.Func, recvType string) (string, bool) {
	sig := m.Type().(*types.Signature)
	params := []string{"_pb_v " + recvType}
	var args []string
	for i := 0; i < sig.Params().Len(); i++ {
		pt := sig.Params().At(i).Type()
		name := fmt.Sprintf("_pb_p%d", i)
		if sig.Variadic() && i == sig.Params().Len()-1 {
			s, ok := x.c.typeString(pt.(*types.Slice).Elem())
			if !ok {
				return "", false
			}
			params = append(params, name+" ..."+s)
			args = append(args, name+"...")
			continue
		}
		s, ok := x.c.typeString(pt)
		if !ok {
			return "", false
		}
		params = append(params, name+" "+s)
		args = append(args, name)
	}
	var results []string
	for i := 0; i < sig.Results().Len(); i++ {
		s, ok := x.c.typeString(sig.Results().At(i).Type())
		if !ok {
			return "", false
		}
		results = append(results, s)
	}
	body := fmt.Sprintf("_pb_v.%s(%s)", m.Name(), strings.Join(args, ", "))
	if len(results) > 0 {
		body = "return " + body
	}
	res := ""
	switch len(results) {
	case 0:
	case 1:
		res = " " + results[0]
	default:
		res = " (" + strings.Join(results, ", ") + ")"
	}
	return fmt.Sprintf("func(%s)%s { %s }", strings.Join(params, ", "), res, body), true
}

// reflectCarrier names the reflect type that t is or holds (reflect.Type, reflect.Value,
// reflect.StructField, reflect.Method, in pointers, slices, arrays, maps), "" if none:
// values whose answers the rewrites correct only at the cells' own calls.
func reflectCarrier(t types.Type) string {
	switch t := types.Unalias(t).(type) {
	case *types.Named:
		if t.Obj().Pkg() != nil && t.Obj().Pkg().Path() == "reflect" {
			switch t.Obj().Name() {
			case "Type", "Value", "StructField", "Method":
				return "reflect." + t.Obj().Name()
			}
		}
	case *types.Pointer:
		return reflectCarrier(t.Elem())
	case *types.Slice:
		return reflectCarrier(t.Elem())
	case *types.Array:
		return reflectCarrier(t.Elem())
	case *types.Map:
		if c := reflectCarrier(t.Key()); c != "" {
			return c
		}
		return reflectCarrier(t.Elem())
	}
	return ""
}

// refuseReflectLeaks refuses the uses of reflect values that the rewrites of reflect.go
// do not correct, where a cell type's reflect type would show the interpreter's type:
// a method value or method expression of a corrected method (f := t.Name), and a
// reflect value passed to compiled code that prints or encodes it, except the
// reflect.Type and reflect.Value operands of the printing functions, which print Go's
// names.
func (x *cell) refuseReflectLeaks(roots []ast.Node, add func(token.Pos, string, ...any)) {
	called := map[ast.Expr]bool{}
	for _, root := range roots {
		ast.Inspect(root, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				called[ast.Unparen(n.Fun)] = true
				x.refuseReflectArgs(n, add)
			case *ast.SelectorExpr:
				if kind := x.promotedReflectMethod(n); kind != "" {
					add(n.Pos(), "the method %s of reflect.%s promoted through %s is not supported in cells: call it on the reflect.%s itself, whose answer is corrected for the types declared in cells",
						n.Sel.Name, kind, typeName(x.typeOf(n.X)), kind)
					return true
				}
				if called[n] {
					return true
				}
				if kind, method, _ := x.reflectMethodOf(n); kind != "" {
					add(n.Pos(), "the method value %s of a reflect.%s is not supported in cells: call the method (%s(...)), whose answer is corrected for the types declared in cells",
						method, kind, method)
					return true
				}
				if tv, ok := x.info.Types[n.X]; ok && tv.IsType() {
					if kind, _ := reflectRecv(tv.Type); kind != "" && reflectMethods[kind][n.Sel.Name] {
						add(n.Pos(), "the method expression reflect.%s.%s is not supported in cells: call the method on a value, whose answer is corrected for the types declared in cells",
							kind, n.Sel.Name)
					}
				}
			}
			return true
		})
	}
}

// readsReflectNames reports whether the compiled package path prints or encodes the
// values it is given, and so would show a reflect value's names: fmt, log, log/slog,
// the encodings and the template packages. (Other compiled code that takes reflect
// values, as sync.Map keys, or package reflect itself, does not read names.)
func readsReflectNames(path string) bool {
	switch path {
	case "fmt", "log", "log/slog", "text/template", "html/template":
		return true
	}
	return strings.HasPrefix(path, "encoding/")
}

// refuseReflectArgs refuses reflect values passed to compiled functions that would print
// or encode them (see refuseReflectLeaks).
func (x *cell) refuseReflectArgs(call *ast.CallExpr, add func(token.Pos, string, ...any)) {
	fn := calleeFunc(x.info, call)
	if fn == nil || fn.Pkg() == nil || !readsReflectNames(fn.Pkg().Path()) {
		return
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok {
		return
	}
	if sig.Recv() != nil {
		if kind, _ := reflectRecv(sig.Recv().Type()); kind != "" {
			return // a method of reflect.Type or reflect.Value
		}
	}
	_, printing := printFuncs[x.calleeName(call.Fun)]
	for i, arg := range call.Args {
		t := x.typeOf(arg)
		if t == nil {
			continue
		}
		c := reflectCarrier(t)
		if c == "" {
			continue
		}
		if printing && !call.Ellipsis.IsValid() {
			if kind, deref := reflectRecv(t); kind != "" && !deref {
				continue // printed with Go's names (reflectPrintArgs)
			}
			pf := printFuncs[x.calleeName(call.Fun)]
			if i >= pf.first && x.printableReflectData(t) && x.printVerb(call, pf.format, i-pf.first) == 'v' {
				continue // printed with Go's names (reflectPrintArgs)
			}
		}
		add(arg.Pos(), "passing a %s (%s) to %s is not supported in cells: for a type declared in a cell it would show the interpreter's type (no name, no methods, renamed fields)",
			types.TypeString(t, func(p *types.Package) string { return p.Name() }), c, fn.FullName())
	}
}
