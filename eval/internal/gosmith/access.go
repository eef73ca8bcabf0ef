package gosmith

import (
	"strconv"
	"strings"
)

// Productions that reach values: calls of declared functions and methods (method
// expressions too), fields (promoted ones too), elements, and function literals called
// at once.

// prodCall calls a declared function with one result of type t.
func prodCall(g *gen, c *ctx, t *Type, d int) (ex, bool) {
	f := g.callable(c, func(f *fn) bool {
		return f.Recv == nil && f.TParam == nil && len(f.Results) == 1 && same(f.Results[0], t)
	})
	if f == nil {
		return prodGenericCall(g, c, t, d)
	}
	return ex{s: f.Name + "(" + g.args(c, f.Params, d-1) + ")"}, true
}

// callable picks a declared function that ok accepts and the context may call, and
// accounts for the call.
func (g *gen) callable(c *ctx, ok func(*fn) bool) *fn {
	var cands []*fn
	for _, f := range g.funcs {
		if !ok(f) || f == c.self {
			continue
		}
		if c.safe && !f.initSafe() || c.pure && !f.pure() {
			continue
		}
		if c.self != nil && c.self.Cost+c.mult*f.Cost > maxCost {
			continue
		}
		cands = append(cands, f)
	}
	if len(cands) == 0 {
		return nil
	}
	f := cands[g.pick(len(cands))]
	g.account(c, f)
	return f
}

// account adds a call of f to the cost and flags of the function being written.
func (g *gen) account(c *ctx, f *fn) {
	if c.self == nil {
		return
	}
	c.self.Cost += c.mult * f.Cost
	c.self.Prints = c.self.Prints || f.Prints
	c.self.Risky = c.self.Risky || f.Risky
	c.self.Globals = c.self.Globals || f.Globals
}

func (g *gen) args(c *ctx, params []*Type, d int) string {
	var parts []string
	for _, p := range params {
		parts = append(parts, g.expr(c, p, d).s)
	}
	return strings.Join(parts, ", ")
}

// prodMethodCall calls a method with one result of type t on a variable.
func prodMethodCall(g *gen, c *ctx, t *Type, d int) (ex, bool) {
	type cand struct {
		v *Var
		m *Method
	}
	var cands []cand
	for _, v := range c.visible() {
		vt := v.Type
		if vt.Kind == KPtr {
			vt = vt.Elem
		}
		if vt.Name == "" && vt.Kind != KIface {
			continue
		}
		for _, m := range g.methodSet(vt) {
			if len(m.Results) == 1 && same(m.Results[0], t) {
				cands = append(cands, cand{v, m})
			}
		}
	}
	if len(cands) == 0 {
		return ex{}, false
	}
	k := cands[g.pick(len(cands))]
	if k.v.Type.Kind == KPtr || k.v.Type.Kind == KIface {
		if !g.risky(c) {
			return ex{}, false
		}
	}
	if f := g.methodFn(k.v.Type, k.m); f != nil {
		if f == c.self || c.safe && !f.initSafe() || c.pure && !f.pure() {
			return ex{}, false
		}
		if c.self != nil && c.self.Cost+c.mult*f.Cost > maxCost {
			return ex{}, false
		}
		g.account(c, f)
	} else if c.safe || c.pure || k.v.Type.Kind != KIface || c.self != nil && c.self.Recv != nil {
		// An interface's method: any implementation may run (a method calling one
		// could call itself). A method not declared yet is the one being written.
		return ex{}, false
	} else if c.self != nil {
		c.self.Prints, c.self.Risky = true, true
		c.self.Cost += c.mult * maxCost / 4
	}
	g.touch(c, k.v)
	args := g.args(c, k.m.Params, d-1)
	vt := k.v.Type
	if vt.Kind != KIface && g.chance(20) {
		// A method expression.
		recv := k.v.Name
		tn := vt.String()
		if k.m.PtrRecv && vt.Kind != KPtr {
			recv = "&" + recv
			tn = "(*" + tn + ")"
		} else if vt.Kind == KPtr {
			if k.m.PtrRecv {
				tn = "(" + tn + ")"
			} else {
				recv = "*" + recv
				tn = vt.Elem.String()
			}
		}
		if args != "" {
			args = ", " + args
		}
		return ex{s: tn + "." + k.m.Name + "(" + recv + args + ")"}, true
	}
	return ex{s: k.v.Name + "." + k.m.Name + "(" + args + ")"}, true
}

// methodSet returns the methods callable on an addressable value of t.
func (g *gen) methodSet(t *Type) []*Method {
	if t.Kind == KIface {
		return t.Methods
	}
	var out []*Method
	seen := map[string]bool{}
	var walk func(t *Type, depth int)
	walk = func(t *Type, depth int) {
		for _, m := range t.Methods {
			if !seen[m.Name] {
				seen[m.Name] = true
				out = append(out, m)
			}
		}
		if t.Kind == KStruct && depth < 2 {
			for _, f := range t.Fields {
				if f.Embedded {
					et := f.Type
					if et.Kind == KPtr {
						et = et.Elem
					}
					walk(et, depth+1)
				}
			}
		}
	}
	walk(t, 0)
	return out
}

// methodFn returns the declared method m of t (its flags and cost), nil for an
// interface's method.
func (g *gen) methodFn(t *Type, m *Method) *fn {
	if t.Kind == KPtr {
		t = t.Elem
	}
	if t.Kind == KIface {
		return nil
	}
	for _, f := range g.funcs {
		if f.Method == m || m.origin != nil && f.Method == m.origin {
			return f
		}
	}
	return nil
}

// prodField selects a field of type t of a struct variable.
func prodField(g *gen, c *ctx, t *Type, d int) (ex, bool) {
	type cand struct {
		v    *Var
		path string
		risk bool
	}
	var cands []cand
	for _, v := range c.visible() {
		vt, risk := v.Type, false
		if vt.Kind == KPtr {
			vt, risk = vt.Elem, true
		}
		if vt.Kind != KStruct {
			continue
		}
		for _, f := range fieldPaths(vt, 2) {
			if same(f.typ, t) {
				cands = append(cands, cand{v, f.path, risk || f.ptr})
			}
		}
	}
	if len(cands) == 0 {
		return ex{}, false
	}
	k := cands[g.pick(len(cands))]
	if k.risk && !g.risky(c) {
		return ex{}, false
	}
	g.touch(c, k.v)
	return ex{s: k.v.Name + k.path}, true
}

// fieldPaths returns the selectors of t's fields, promoted ones with their short path
// and their full one.
func fieldPaths(t *Type, depth int) []fieldPath {
	var out []fieldPath
	for _, f := range t.Fields {
		out = append(out, fieldPath{"." + fieldName(f), f.Type, false})
		if f.Embedded && depth > 0 {
			et, ptr := f.Type, false
			if et.Kind == KPtr {
				et, ptr = et.Elem, true
			}
			for _, sub := range fieldPaths(et, depth-1) {
				out = append(out, fieldPath{sub.path, sub.typ, ptr || sub.ptr})
				out = append(out, fieldPath{"." + fieldName(f) + sub.path, sub.typ, ptr || sub.ptr})
			}
		}
	}
	return out
}

// prodIndex reads an element of type t of an array, slice, map or string variable.
func prodIndex(g *gen, c *ctx, t *Type, d int) (ex, bool) {
	var cands []*Var
	for _, v := range c.visible() {
		switch v.Type.Kind {
		case KSlice, KArray, KMap:
			if same(v.Type.Elem, t) {
				cands = append(cands, v)
			}
		case KString:
			if t.Kind == KUint8 && t.Name == "" {
				cands = append(cands, v)
			}
		}
	}
	if len(cands) == 0 {
		return ex{}, false
	}
	v := cands[g.pick(len(cands))]
	switch v.Type.Kind {
	case KMap:
		g.touch(c, v)
		return ex{s: v.Name + "[" + g.expr(c, v.Type.Key, d-1).s + "]"}, true
	case KArray:
		if v.Type.Len == 0 {
			return ex{}, false
		}
		g.touch(c, v)
		if g.chance(60) {
			return ex{s: v.Name + "[" + strconv.Itoa(g.pick(v.Type.Len)) + "]"}, true
		}
		g.helper("_ix")
		return ex{s: v.Name + "[_ix(" + g.expr(c, Basic(KInt), d-1).s + ", len(" + v.Name + "))]"}, true
	}
	if !g.risky(c) {
		return ex{}, false
	}
	g.touch(c, v)
	g.helper("_ix")
	return ex{s: v.Name + "[_ix(" + g.expr(c, Basic(KInt), d-1).s + ", len(" + v.Name + "))]"}, true
}

// prodClosureCall calls a function literal at once.
func prodClosureCall(g *gen, c *ctx, t *Type, d int) (ex, bool) {
	if d < 2 || c.lits > 1 {
		return ex{}, false
	}
	f := g.funcLit(c, &Type{Kind: KFunc, Results: []*Type{t}}, d)
	return ex{s: f.s + "()"}, true
}
