package gosmith

import (
	"strconv"
	"strings"
)

// program writes the program's declarations in dependency order.
func (g *gen) program() {
	g.typeDecls()
	g.genericDecls()
	g.globalDecls(2 + g.pick(4))
	nf := 3 + g.pick(6)
	for i := 0; i < nf; i++ {
		if g.chance(25) && len(g.funcs) > 0 {
			g.genericFunc()
		}
		g.funcDecl()
		if g.chance(30) {
			g.globalDecls(1)
		}
	}
	if g.chance(40) {
		g.initDecl()
	}
	g.mainDecl()
	g.helperDecls()
}

// globalDecls declares package variables whose initializers neither print nor panic.
func (g *gen) globalDecls(n int) {
	for i := 0; i < n; i++ {
		c := &ctx{sc: g.globals, mult: 1, safe: true}
		t := g.randType(c, 2)
		if t.Kind == KChan {
			t = Basic(KInt)
		}
		e := g.expr(c, t, 3)
		v := &Var{Name: g.name("g"), Type: t, Global: true}
		src := "var " + v.Name + " " + t.String() + " = " + e.s + "\n"
		if g.chance(40) && !e.cst && t.Kind != KIface && e.s != "nil" {
			src = "var " + v.Name + " = " + e.s + "\n"
		}
		g.globals.vars = append(g.globals.vars, v)
		g.decl(Decl{Src: src, Names: []string{v.Name}, Var: true})
	}
}

// params returns random parameter types.
func (g *gen) params(c *ctx, max int) []*Type {
	var ps []*Type
	for i := g.pick(max + 1); i > 0; i-- {
		ps = append(ps, g.randType(c, 1))
	}
	return ps
}

// funcDecl declares a function; it calls only functions declared before it, so no
// call recurses.
func (g *gen) funcDecl() {
	f := &fn{Name: g.name("f")}
	f.Params = g.params(nil, 3)
	for i := g.pick(4); i > 0; i-- {
		f.Results = append(f.Results, g.randType(nil, 1))
	}
	c := &ctx{sc: &scope{parent: g.globals}, mult: 1, self: f, results: f.Results}
	var params []string
	for _, p := range f.Params {
		v := g.local(c, p)
		v.used = true
		params = append(params, v.Name+" "+p.String())
	}
	results := signature(nil, f.Results)
	results = strings.TrimPrefix(results, "()")
	if len(f.Results) > 0 && g.chance(35) {
		// Named results.
		c.named = true
		var rs []string
		for _, r := range f.Results {
			v := g.local(c, r)
			v.used = true
			rs = append(rs, v.Name+" "+r.String())
		}
		results = " (" + strings.Join(rs, ", ") + ")"
	}
	w := &writer{indent: 1}
	body := c.with()
	g.block(body, w, 2+g.pick(6))
	g.returnStmt(body, w, false)
	src := "func " + f.Name + "(" + strings.Join(params, ", ") + ")" + results + " {\n" + w.b.String() + "}\n"
	g.decl(Decl{Src: src, Names: []string{f.Name}})
	g.funcs = append(g.funcs, f)
}

// methodDecl declares method m of t; its body sees the receiver and its parameters.
func (g *gen) methodDecl(t *Type, m *Method) {
	f := &fn{Name: m.Name, Params: m.Params, Results: m.Results, Recv: t, Method: m}
	c := &ctx{sc: &scope{}, mult: 1, self: f, results: m.Results}
	rt := t
	if m.PtrRecv {
		rt = &Type{Kind: KPtr, Elem: t}
	}
	recv := g.local(c, rt)
	recv.used = true
	var params []string
	for _, p := range m.Params {
		v := g.local(c, p)
		v.used = true
		params = append(params, v.Name+" "+p.String())
	}
	w := &writer{indent: 1}
	body := c.with()
	g.block(body, w, 1+g.pick(3))
	g.returnStmt(body, w, false)
	res := strings.TrimPrefix(signature(nil, m.Results), "()")
	src := "func (" + recv.Name + " " + rt.String() + ") " + m.Name + "(" + strings.Join(params, ", ") + ")" + res + " {\n" + w.b.String() + "}\n"
	g.decl(Decl{Src: src, Names: []string{typeBase(t) + "." + m.Name}, Glued: true})
	g.funcs = append(g.funcs, f)
}

func typeBase(t *Type) string {
	n := t.String()
	if i := strings.IndexByte(n, '['); i >= 0 {
		n = n[:i]
	}
	return n
}

// initDecl declares a func init that changes package variables.
func (g *gen) initDecl() {
	f := &fn{Name: "init"}
	c := &ctx{sc: &scope{parent: g.globals}, mult: 1, self: f, safe: true}
	w := &writer{indent: 1}
	body := c.with()
	for i := 1 + g.pick(3); i > 0; i-- {
		if !g.assignStmt(body, w) {
			g.declStmt(body, w)
		}
	}
	g.useAll(body, w)
	g.decl(Decl{Src: "func init() {\n" + w.b.String() + "}\n", Init: true})
}

// mainDecl declares main: it prints the package variables, calls every function
// under a recover and prints what they return, runs statements of its own, and
// prints the package variables again.
func (g *gen) mainDecl() {
	g.helper("_protect")
	f := &fn{Name: "main"}
	c := &ctx{sc: &scope{parent: g.globals}, mult: 1, self: f}
	w := &writer{indent: 1}
	g.printGlobals(w, "start")
	order := append([]*fn(nil), g.funcs...)
	g.r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	for _, fc := range order {
		if fc.Recv != nil || fc.TParam != nil || g.chance(10) {
			continue
		}
		w.open("_protect(" + strconv.Quote(fc.Name) + ", func() {")
		inner := c.with()
		inner.lits++
		call := fc.Name + "(" + g.args(inner, fc.Params, 2) + ")"
		if len(fc.Results) == 0 {
			w.line(call)
		} else {
			var names, shown []string
			for _, r := range fc.Results {
				v := g.local(inner, r)
				names = append(names, v.Name)
				if r.printable() {
					shown = append(shown, v.Name)
					v.used = true
				}
			}
			w.line(strings.Join(names, ", ") + " := " + call)
			if len(shown) > 0 {
				w.line("fmt.Println(" + strconv.Quote(fc.Name) + ", " + strings.Join(shown, ", ") + ")")
			}
			g.useAll(inner, w)
		}
		w.close("})")
	}
	// main's own statements, under a recover too.
	w.open("_protect(\"main\", func() {")
	body := c.with()
	body.lits++
	g.block(body, w, 3+g.pick(6))
	w.close("})")
	g.printGlobals(w, "end")
	g.decl(Decl{Src: "func main() {\n" + w.b.String() + "}\n", Names: []string{"main"}})
}

func (g *gen) printGlobals(w *writer, tag string) {
	var names []string
	for _, v := range g.globals.vars {
		if v.Type.printable() {
			names = append(names, v.Name)
		}
	}
	if len(names) > 0 {
		w.line("fmt.Println(\"" + tag + "\", " + strings.Join(names, ", ") + ")")
	}
}
