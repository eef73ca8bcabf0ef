package gosmith

import (
	"fmt"
	"strconv"
	"strings"
)

// writer writes indented lines.
type writer struct {
	b      strings.Builder
	indent int
}

func (w *writer) line(s string) {
	w.b.WriteString(strings.Repeat("\t", w.indent))
	w.b.WriteString(s)
	w.b.WriteString("\n")
}

func (w *writer) open(s string)  { w.line(s); w.indent++ }
func (w *writer) close(s string) { w.indent--; w.line(s) }

var commonKinds = []Kind{KInt, KInt, KInt, KString, KString, KBool, KFloat64, KInt64, KUint8, KInt32, KUint, KInt8, KInt16, KUint16, KUint32, KUint64, KFloat32}

// randType returns a type of the program's universe; d bounds its nesting.
func (g *gen) randType(c *ctx, d int) *Type {
	if c != nil && c.tparam != nil && g.chance(30) {
		return c.tparam
	}
	if d <= 0 || g.chance(50) {
		if len(g.named) > 0 && g.chance(20) {
			return g.named[g.pick(len(g.named))]
		}
		return Basic(commonKinds[g.pick(len(commonKinds))])
	}
	switch g.pick(10) {
	case 0, 1, 2:
		return &Type{Kind: KSlice, Elem: g.randType(c, d-1)}
	case 3:
		return &Type{Kind: KArray, Len: 1 + g.pick(3), Elem: g.randType(c, d-1)}
	case 4:
		return &Type{Kind: KMap, Key: g.keyType(), Elem: g.randType(c, d-1)}
	case 5:
		if len(g.ifaces) > 0 && g.chance(50) {
			return g.ifaces[g.pick(len(g.ifaces))]
		}
		if g.chance(30) {
			return errorType
		}
		return anyType
	case 6:
		var structs []*Type
		for _, n := range g.named {
			if n.Kind == KStruct {
				structs = append(structs, n)
			}
		}
		if len(structs) > 0 {
			s := structs[g.pick(len(structs))]
			if g.chance(30) {
				return &Type{Kind: KPtr, Elem: s}
			}
			return s
		}
	case 7:
		if len(g.generic) > 0 {
			gt := g.generic[g.pick(len(g.generic))]
			if a := g.typeArg(gt.Param.Cons); a != nil {
				return g.instance(gt, a)
			}
		}
	case 8:
		if c == nil || !c.pure {
			return &Type{Kind: KFunc, Params: []*Type{Basic(KInt)}, Results: []*Type{g.randType(c, 0)}}
		}
	}
	return Basic(commonKinds[g.pick(len(commonKinds))])
}

var (
	anyType   = &Type{Kind: KIface}
	errorType = &Type{Kind: KIface, Name: "error", Methods: []*Method{{Name: "Error", Results: []*Type{Basic(KString)}}}}
)

func (g *gen) keyType() *Type {
	if len(g.named) > 0 && g.chance(15) {
		n := g.named[g.pick(len(g.named))]
		if n.Kind.isBasic() && !n.Kind.isFloat() {
			return n
		}
	}
	return Basic([]Kind{KInt, KString, KString, KInt8, KUint16, KBool, KInt64}[g.pick(7)])
}

// newMethod returns a method signature for the pool: the same name always has the
// same signature.
func (g *gen) newMethod() *Method {
	if len(g.methods) > 0 && g.chance(40) {
		return g.methods[g.pick(len(g.methods))]
	}
	m := &Method{Name: "M" + strconv.Itoa(len(g.methods)+1)}
	for i := g.pick(3); i > 0; i-- {
		m.Params = append(m.Params, Basic(commonKinds[g.pick(len(commonKinds))]))
	}
	if g.chance(85) {
		m.Results = append(m.Results, Basic(commonKinds[g.pick(len(commonKinds))]))
	}
	g.methods = append(g.methods, m)
	return m
}

// typeDecls declares the program's named types with their methods, and interfaces.
func (g *gen) typeDecls() {
	for i := g.pick(3); i >= 0; i-- {
		g.namedBasic()
	}
	for i := g.pick(3); i >= 0; i-- {
		g.structType()
	}
	if g.chance(50) {
		g.errorType()
	}
	for i := g.pick(3); i > 0; i-- {
		g.ifaceType()
	}
}

// declMethods gives t a few methods from the pool (none twice), declared after it.
func (g *gen) declMethods(t *Type, n int) {
	for i := 0; i < n; i++ {
		m := g.newMethod()
		if t.method(m.Name) != nil {
			continue
		}
		own := &Method{Name: m.Name, Params: m.Params, Results: m.Results, PtrRecv: g.chance(35)}
		t.Methods = append(t.Methods, own)
	}
	g.stringMethod(t)
	for _, m := range t.Methods {
		if m.Name == "String" || m.Name == "Error" {
			continue
		}
		g.methodDecl(t, m)
	}
}

// stringMethod sometimes gives t a String method (fmt calls it) that does not print
// its receiver through fmt.
func (g *gen) stringMethod(t *Type) {
	if !g.chance(40) || t.method("String") != nil {
		return
	}
	m := &Method{Name: "String", Results: []*Type{Basic(KString)}, PtrRecv: g.chance(25)}
	t.Methods = append(t.Methods, m)
	recv := "x " + t.String()
	if m.PtrRecv {
		recv = "x *" + t.String()
	}
	x := "x"
	if m.PtrRecv {
		x = "(*x)"
	}
	body := g.describe(t, x)
	src := fmt.Sprintf("func (%s) String() string {\n\treturn %s\n}\n", recv, body)
	g.decl(Decl{Src: src, Names: []string{t.String() + ".String"}, Glued: true})
	g.funcs = append(g.funcs, &fn{Name: "String", Results: m.Results, Recv: t, Method: m, Cost: 1})
}

// describe returns a string expression describing x of type t without calling fmt on a
// value that has methods.
func (g *gen) describe(t *Type, x string) string {
	name := strconv.Quote(t.String() + "<")
	switch {
	case t.Kind.isInt():
		g.use("strconv")
		if t.Kind.isSigned() {
			return name + " + strconv.FormatInt(int64(" + x + "), 10) + \">\""
		}
		return name + " + strconv.FormatUint(uint64(" + x + "), 16) + \">\""
	case t.Kind.isFloat():
		g.use("strconv")
		return name + " + strconv.FormatFloat(float64(" + x + "), 'f', 2, 64) + \">\""
	case t.Kind == KString:
		return name + " + string(" + x + ") + \">\""
	case t.Kind == KBool:
		return name + " + fmt.Sprint(bool(" + x + ")) + \">\""
	case t.Kind == KStruct:
		var parts []string
		for _, f := range t.Fields {
			if f.Type.Kind.isBasic() && f.Type.Name == "" && !f.Embedded {
				parts = append(parts, "fmt.Sprint("+x+"."+f.Name+")")
			}
		}
		if len(parts) == 0 {
			return name + " + \">\""
		}
		return name + " + " + strings.Join(parts, " + \",\" + ") + " + \">\""
	}
	return name + " + \">\""
}

func (g *gen) namedBasic() {
	k := commonKinds[g.pick(len(commonKinds))]
	t := &Type{Kind: k, Name: g.name("N")}
	g.decl(Decl{Src: "type " + t.Name + " " + basicNames[k] + "\n", Names: []string{t.Name}})
	g.named = append(g.named, t)
	g.declMethods(t, g.pick(3))
}

func (g *gen) structType() {
	t := &Type{Kind: KStruct, Name: g.name("S")}
	var embedded *Type
	for _, n := range g.named {
		if n.Kind == KStruct && g.chance(40) {
			embedded = n
			break
		}
	}
	if embedded == nil && len(g.named) > 0 && g.chance(20) {
		n := g.named[g.pick(len(g.named))]
		if n.Kind.isBasic() {
			embedded = n
		}
	}
	nf := 1 + g.pick(4)
	for i := 0; i < nf; i++ {
		g.fields++
		ft := g.randType(nil, 1)
		if ft.Kind == KFunc || ft.Kind == KPtr || ft.Kind == KIface && len(ft.Methods) > 0 && ft != errorType {
			ft = Basic(commonKinds[g.pick(len(commonKinds))])
		}
		t.Fields = append(t.Fields, Field{Name: "F" + strconv.Itoa(g.fields), Type: ft})
	}
	if embedded != nil {
		et := embedded
		if et.Kind == KStruct && g.chance(30) {
			et = &Type{Kind: KPtr, Elem: embedded}
		}
		at := g.pick(len(t.Fields) + 1)
		t.Fields = append(t.Fields[:at], append([]Field{{Type: et, Embedded: true}}, t.Fields[at:]...)...)
	}
	var b strings.Builder
	b.WriteString("type " + t.Name + " struct {\n")
	for _, f := range t.Fields {
		if f.Embedded {
			b.WriteString("\t" + f.Type.String() + "\n")
		} else {
			b.WriteString("\t" + f.Name + " " + f.Type.String() + "\n")
		}
	}
	b.WriteString("}\n")
	g.decl(Decl{Src: b.String(), Names: []string{t.Name}})
	g.named = append(g.named, t)
	g.declMethods(t, g.pick(3))
}

// errorType declares a struct type with an Error method.
func (g *gen) errorType() {
	g.fields++
	t := &Type{Kind: KStruct, Name: g.name("E"), Fields: []Field{{Name: "Code" + strconv.Itoa(g.fields), Type: Basic(KInt)}}}
	ptr := g.chance(50)
	m := &Method{Name: "Error", Results: []*Type{Basic(KString)}, PtrRecv: ptr}
	t.Methods = append(t.Methods, m)
	recv := "e " + t.Name
	if ptr {
		recv = "e *" + t.Name
	}
	g.use("strconv")
	src := fmt.Sprintf("type %s struct {\n\t%s int\n}\n", t.Name, t.Fields[0].Name)
	g.decl(Decl{Src: src, Names: []string{t.Name}})
	g.decl(Decl{Src: fmt.Sprintf("func (%s) Error() string {\n\treturn %q + strconv.Itoa(e.%s)\n}\n", recv, t.Name+" code ", t.Fields[0].Name),
		Names: []string{t.Name + ".Error"}, Glued: true})
	g.named = append(g.named, t)
	g.funcs = append(g.funcs, &fn{Name: "Error", Results: m.Results, Recv: t, Method: m, Cost: 1})
}

// ifaceType declares an interface made of methods some declared type has.
func (g *gen) ifaceType() {
	var withMethods []*Type
	for _, n := range g.named {
		if len(n.Methods) > 0 {
			withMethods = append(withMethods, n)
		}
	}
	if len(withMethods) == 0 {
		return
	}
	impl := withMethods[g.pick(len(withMethods))]
	t := &Type{Kind: KIface, Name: g.name("I")}
	for _, m := range impl.Methods {
		if g.chance(60) || len(t.Methods) == 0 {
			t.Methods = append(t.Methods, &Method{Name: m.Name, Params: m.Params, Results: m.Results})
		}
	}
	var b strings.Builder
	b.WriteString("type " + t.Name + " interface {\n")
	for _, m := range t.Methods {
		b.WriteString("\t" + m.Name + signature(m.Params, m.Results) + "\n")
	}
	b.WriteString("}\n")
	g.decl(Decl{Src: b.String(), Names: []string{t.Name}})
	g.ifaces = append(g.ifaces, t)
}

// ifaceValue returns a value of the interface type t: a value of a type that
// implements it.
func (g *gen) ifaceValue(c *ctx, t *Type, d int) ex {
	if len(t.Methods) == 0 {
		if g.chance(10) {
			return ex{s: "nil"}
		}
		vt := g.randType(c, 1)
		if !vt.printable() {
			vt = Basic(KInt)
		}
		if vt.Kind == KIface {
			vt = Basic(KString)
		}
		e := g.expr(c, vt, d-1)
		if e.cst && vt.Name == "" {
			return ex{s: vt.String() + "(" + e.s + ")"}
		}
		return e
	}
	if t == errorType {
		switch g.pick(3) {
		case 0:
			g.use("errors")
			return ex{s: "errors.New(" + g.expr(c, Basic(KString), d-1).s + ")"}
		case 1:
			if v := g.varOf(c, errorType); v != "" {
				return ex{s: "fmt.Errorf(\"wrap %d: %w\", " + g.expr(c, Basic(KInt), d-1).s + ", " + v + ")"}
			}
		}
	}
	var impls []*Type
	for _, n := range g.named {
		if implements(n, t, false) {
			impls = append(impls, n)
		}
		if !implements(n, t, false) && implements(n, t, true) {
			impls = append(impls, &Type{Kind: KPtr, Elem: n})
		}
	}
	if len(impls) == 0 {
		g.use("errors")
		return ex{s: "errors.New(\"none\")"}
	}
	it := impls[g.pick(len(impls))]
	if it.Kind == KPtr {
		if v := g.varOf(c, it.Elem); v != "" && g.chance(50) {
			return ex{s: "&" + v}
		}
		if it.Elem.Kind != KStruct {
			return ex{s: "new(" + it.Elem.String() + ")"}
		}
		return ex{s: "&" + g.composite(c, it.Elem, d-1).s}
	}
	e := g.expr(c, it, d-1)
	return e
}
