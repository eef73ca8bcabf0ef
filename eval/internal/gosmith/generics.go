package gosmith

import (
	"strconv"
	"strings"
)

var intKinds = []Kind{KInt, KInt8, KInt16, KInt32, KInt64, KUint, KUint8, KUint16, KUint32, KUint64}

// constraints returns the constraints generic code may use; declared ones are
// declared on first use.
func (g *gen) constraint() *Constraint {
	switch g.pick(6) {
	case 0:
		return &Constraint{Name: "any"}
	case 1:
		return &Constraint{Name: "comparable", Compare: true}
	case 2:
		if !g.helpers["Number"] {
			g.helpers["Number"] = true
			g.decl(Decl{Src: "type Number interface {\n\t~int | ~int8 | ~int16 | ~int32 | ~int64 | ~float32 | ~float64\n}\n", Names: []string{"Number"}})
		}
		return &Constraint{Name: "Number", Kinds: []Kind{KInt, KInt8, KInt16, KInt32, KInt64, KFloat32, KFloat64}, Compare: true, Order: true, Arith: true}
	case 3:
		if !g.helpers["Integer"] {
			g.helpers["Integer"] = true
			g.decl(Decl{Src: "type Integer interface {\n\t~int | ~int64 | ~uint8 | ~uint16 | ~uint32 | ~int32\n}\n", Names: []string{"Integer"}})
		}
		return &Constraint{Name: "Integer", Kinds: []Kind{KInt, KInt64, KUint8, KUint16, KUint32, KInt32}, Compare: true, Order: true, Arith: true, Ints: true}
	case 4:
		g.use("cmp")
		return &Constraint{Name: "cmp.Ordered", Kinds: append(append([]Kind{KString}, intKinds...), KFloat32, KFloat64), Compare: true, Order: true}
	}
	// A constraint with a method: the types of the program that have it.
	for _, n := range g.named {
		for _, m := range n.Methods {
			if !m.PtrRecv && len(m.Params) == 0 && len(m.Results) == 1 {
				name := "Has" + m.Name
				if !g.helpers[name] {
					g.helpers[name] = true
					g.decl(Decl{Src: "type " + name + " interface {\n\t" + m.Name + "() " + m.Results[0].String() + "\n}\n", Names: []string{name}})
				}
				return &Constraint{Name: name, Methods: []*Method{m}}
			}
		}
	}
	return &Constraint{Name: "any"}
}

// typeArg returns a type that satisfies cons.
func (g *gen) typeArg(cons *Constraint) *Type {
	var cands []*Type
	ok := func(t *Type) bool {
		if t.Kind == KIface || t.Kind == KParam || t.Kind == KFunc || t.Kind == KPtr {
			return false
		}
		if cons.Kinds != nil {
			in := false
			for _, k := range cons.Kinds {
				in = in || k == t.Kind && t.Kind.isBasic()
			}
			if !in {
				return false
			}
		}
		if cons.Compare && !t.comparable() {
			return false
		}
		for _, m := range cons.Methods {
			tm := t.method(m.Name)
			if tm == nil || tm.PtrRecv || !sameSig(tm, m) {
				return false
			}
		}
		return t.printable()
	}
	for _, k := range commonKinds {
		if ok(Basic(k)) {
			cands = append(cands, Basic(k))
		}
	}
	for _, n := range g.named {
		if ok(n) {
			cands = append(cands, n, n)
		}
	}
	if cons.Kinds == nil && len(cons.Methods) == 0 && !cons.Compare {
		cands = append(cands, &Type{Kind: KSlice, Elem: Basic(KInt)})
	}
	if len(cands) == 0 {
		return nil
	}
	return cands[g.pick(len(cands))]
}

// subst returns t with the type parameter p replaced by a.
func subst(t, p, a *Type) *Type {
	if t == p {
		return a
	}
	switch t.Kind {
	case KSlice, KPtr, KChan, KArray:
		e := subst(t.Elem, p, a)
		if e == t.Elem {
			return t
		}
		n := *t
		n.Elem = e
		return &n
	case KMap:
		k, e := subst(t.Key, p, a), subst(t.Elem, p, a)
		if k == t.Key && e == t.Elem {
			return t
		}
		n := *t
		n.Key, n.Elem = k, e
		return &n
	case KFunc:
		n := *t
		n.Params = substAll(t.Params, p, a)
		n.Results = substAll(t.Results, p, a)
		return &n
	}
	if t.Generic != nil && len(t.Args) == 1 && t.Args[0] == p {
		return t.Generic.Make(a)
	}
	return t
}

func substAll(ts []*Type, p, a *Type) []*Type {
	var out []*Type
	for _, t := range ts {
		out = append(out, subst(t, p, a))
	}
	return out
}

// mentions reports whether t mentions the type parameter p.
func mentions(t, p *Type) bool { return subst(t, p, Basic(KBool)).String() != t.String() }

// genericDecls declares generic types with methods.
func (g *gen) genericDecls() {
	for i := g.pick(3); i > 0; i-- {
		g.genericType()
	}
}

func (g *gen) genericType() {
	cons := g.constraint()
	p := &Type{Kind: KParam, Name: g.name("T"), Cons: cons}
	gt := &GenericType{Name: g.name("G"), Param: p, Insts: map[string]*Type{}}
	nf := 1 + g.pick(3)
	for i := 0; i < nf; i++ {
		g.fields++
		var ft *Type
		switch g.pick(4) {
		case 0, 1:
			ft = p
		case 2:
			ft = &Type{Kind: KSlice, Elem: p}
		default:
			ft = Basic(commonKinds[g.pick(len(commonKinds))])
		}
		gt.Fields = append(gt.Fields, Field{Name: "F" + itoa(g.fields), Type: ft})
	}
	var methods []*Method
	for i := g.pick(3); i > 0; i-- {
		m := &Method{Name: "GM" + itoa(g.fields+i), PtrRecv: g.chance(50)}
		for j := g.pick(2); j > 0; j-- {
			m.Params = append(m.Params, []*Type{p, Basic(KInt), Basic(KString)}[g.pick(3)])
		}
		if g.chance(85) {
			m.Results = append(m.Results, []*Type{p, Basic(KInt), Basic(KString), &Type{Kind: KSlice, Elem: p}}[g.pick(4)])
		}
		methods = append(methods, m)
	}
	self := &Type{Kind: KStruct, Name: gt.Name + "[" + p.Name + "]", Fields: gt.Fields, Methods: methods, Generic: gt, Args: []*Type{p}}
	gt.Make = func(a *Type) *Type {
		key := a.String()
		if t, ok := gt.Insts[key]; ok {
			return t
		}
		t := &Type{Kind: KStruct, Name: gt.Name + "[" + key + "]", Generic: gt, Args: []*Type{a}}
		gt.Insts[key] = t
		for _, f := range gt.Fields {
			t.Fields = append(t.Fields, Field{Name: f.Name, Type: subst(f.Type, p, a)})
		}
		for _, m := range methods {
			t.Methods = append(t.Methods, &Method{Name: m.Name, Params: substAll(m.Params, p, a), Results: substAll(m.Results, p, a), PtrRecv: m.PtrRecv, origin: m})
		}
		return t
	}
	var b strings.Builder
	b.WriteString("type " + gt.Name + "[" + p.Name + " " + cons.Name + "] struct {\n")
	for _, f := range gt.Fields {
		b.WriteString("\t" + f.Name + " " + f.Type.String() + "\n")
	}
	b.WriteString("}\n")
	g.decl(Decl{Src: b.String(), Names: []string{gt.Name}})
	for _, m := range methods {
		g.genericMethod(self, p, m)
	}
	g.generic = append(g.generic, gt)
}

func itoa(n int) string { return strconv.Itoa(n) }

// genericMethod declares method m of the generic type self (written with T).
func (g *gen) genericMethod(self, p *Type, m *Method) {
	f := &fn{Name: m.Name, Params: m.Params, Results: m.Results, Recv: self, Method: m}
	c := &ctx{sc: &scope{}, mult: 1, self: f, results: m.Results, tparam: p}
	rt := self
	if m.PtrRecv {
		rt = &Type{Kind: KPtr, Elem: self}
	}
	recv := g.local(c, rt)
	recv.used = true
	var params []string
	for _, pt := range m.Params {
		v := g.local(c, pt)
		v.used = true
		params = append(params, v.Name+" "+pt.String())
	}
	w := &writer{indent: 1}
	body := c.with()
	g.block(body, w, 1+g.pick(3))
	g.returnStmt(body, w, false)
	res := strings.TrimPrefix(signature(nil, m.Results), "()")
	src := "func (" + recv.Name + " " + rt.String() + ") " + m.Name + "(" + strings.Join(params, ", ") + ")" + res + " {\n" + w.b.String() + "}\n"
	g.decl(Decl{Src: src, Names: []string{typeBase(self) + "." + m.Name}, Glued: true})
	g.funcs = append(g.funcs, f)
}

// instance returns the instance of gt with type argument a (nil a: an int instance).
func (g *gen) instance(gt *GenericType, a *Type) *Type {
	if a == nil {
		a = Basic(KInt)
	}
	return gt.Make(a)
}

// genericFunc declares a generic function of one type parameter.
func (g *gen) genericFunc() {
	cons := g.constraint()
	p := &Type{Kind: KParam, Name: g.name("T"), Cons: cons}
	f := &fn{Name: g.name("gf"), TParam: p}
	f.Params = append(f.Params, p)
	for i := g.pick(3); i > 0; i-- {
		f.Params = append(f.Params, []*Type{p, {Kind: KSlice, Elem: p}, Basic(KInt), Basic(KString)}[g.pick(4)])
	}
	switch g.pick(4) {
	case 0:
		f.Results = []*Type{p}
	case 1:
		f.Results = []*Type{p, Basic(KInt)}
	case 2:
		f.Results = []*Type{{Kind: KSlice, Elem: p}}
	default:
		f.Results = []*Type{Basic(KString)}
	}
	c := &ctx{sc: &scope{parent: g.globals}, mult: 1, self: f, results: f.Results, tparam: p}
	var params []string
	for _, pt := range f.Params {
		v := g.local(c, pt)
		v.used = true
		params = append(params, v.Name+" "+pt.String())
	}
	w := &writer{indent: 1}
	body := c.with()
	g.block(body, w, 2+g.pick(4))
	g.returnStmt(body, w, false)
	res := strings.TrimPrefix(signature(nil, f.Results), "()")
	src := "func " + f.Name + "[" + p.Name + " " + cons.Name + "](" + strings.Join(params, ", ") + ")" + res + " {\n" + w.b.String() + "}\n"
	g.decl(Decl{Src: src, Names: []string{f.Name}})
	g.funcs = append(g.funcs, f)
	g.gfuncs = append(g.gfuncs, f)
}

// prodGenericCall calls a generic function whose result, instantiated, is t.
func prodGenericCall(g *gen, c *ctx, t *Type, d int) (ex, bool) {
	if c.tparam != nil || len(g.gfuncs) == 0 {
		return ex{}, false
	}
	f := g.gfuncs[g.pick(len(g.gfuncs))]
	if len(f.Results) != 1 || c.safe && !f.initSafe() || c.pure && !f.pure() {
		return ex{}, false
	}
	if c.self != nil && c.self.Cost+c.mult*f.Cost > maxCost {
		return ex{}, false
	}
	a := g.typeArg(f.TParam.Cons)
	if a == nil || !same(subst(f.Results[0], f.TParam, a), t) {
		return ex{}, false
	}
	g.account(c, f)
	var args []string
	inferable := false
	for _, pt := range f.Params {
		e := g.expr(c, subst(pt, f.TParam, a), d-1)
		if mentions(pt, f.TParam) && !e.cst && e.s != "nil" {
			inferable = true
		}
		args = append(args, e.s)
	}
	name := f.Name
	if !inferable || g.chance(40) {
		name += "[" + a.String() + "]"
	}
	return ex{s: name + "(" + strings.Join(args, ", ") + ")"}, true
}
