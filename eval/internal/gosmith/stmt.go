package gosmith

import (
	"strconv"
	"strings"
)

// block writes n statements in a new scope, then uses every variable the scope
// declared that nothing read (Go refuses unused variables).
func (g *gen) block(c *ctx, w *writer, n int) {
	for i := 0; i < n; i++ {
		g.stmt(c, w)
	}
	g.useAll(c, w)
}

func (g *gen) useAll(c *ctx, w *writer) {
	for _, v := range c.sc.vars {
		if !v.used {
			w.line("_ = " + v.Name)
			v.used = true
		}
	}
}

// local declares a new local variable of t.
func (g *gen) local(c *ctx, t *Type) *Var {
	v := &Var{Name: g.name("v"), Type: t}
	c.declare(v)
	return v
}

// stmt writes one statement.
func (g *gen) stmt(c *ctx, w *writer) {
	if c.self != nil {
		c.self.Cost += c.mult
	}
	deep := c.depth >= 3 || c.self != nil && c.self.Cost > maxCost/2
	for tries := 0; tries < 5; tries++ {
		k := g.pick(100)
		switch {
		case k < 18:
			g.declStmt(c, w)
			return
		case k < 30:
			if g.assignStmt(c, w) {
				return
			}
		case k < 40:
			g.printStmt(c, w)
			return
		case k < 46 && !deep:
			g.ifStmt(c, w)
			return
		case k < 54 && !deep:
			if g.forStmt(c, w) {
				return
			}
		case k < 59 && !deep:
			g.switchStmt(c, w)
			return
		case k < 62 && !deep:
			if g.typeSwitchStmt(c, w) {
				return
			}
		case k < 67:
			if g.callStmt(c, w) {
				return
			}
		case k < 70:
			if g.deferStmt(c, w) {
				return
			}
		case k < 73 && !deep:
			if g.protectedBlock(c, w) {
				return
			}
		case k < 76:
			if g.panicStmt(c, w) {
				return
			}
		case k < 80:
			if g.mapStmt(c, w) {
				return
			}
		case k < 84:
			if g.sliceStmt(c, w) {
				return
			}
		case k < 87:
			if g.assertStmt(c, w) {
				return
			}
		case k < 89 && !deep:
			if g.closureStmt(c, w) {
				return
			}
		case k < 91 && !deep:
			if g.selectStmt(c, w) {
				return
			}
		case k < 93 && !deep:
			if g.pipelineStmt(c, w) {
				return
			}
		case k < 95:
			if g.builderStmt(c, w) {
				return
			}
		case k < 98:
			if g.branchStmt(c, w) {
				return
			}
		default:
			if g.returnStmt(c, w, true) {
				return
			}
		}
	}
	g.declStmt(c, w)
}

func (g *gen) declStmt(c *ctx, w *writer) {
	t := g.randType(c, 2)
	if t.Kind == KChan {
		t = Basic(KInt)
	}
	switch g.pick(6) {
	case 0:
		e := g.expr(c, t, 3)
		v := g.local(c, t)
		w.line("var " + v.Name + " " + t.String() + " = " + e.s)
	case 1:
		if t.Kind == KMap || t.Kind == KFunc || t.Kind == KPtr || t.Kind == KIface && len(t.Methods) > 0 {
			t = Basic(KString)
		}
		v := g.local(c, t)
		w.line("var " + v.Name + " " + t.String())
	default:
		e := g.expr(c, t, 3)
		if e.cst && !isDefault(t.Kind, e.s) || e.s == "nil" || t.Kind == KIface || t.Kind == KParam {
			e.s = t.String() + "(" + e.s + ")"
			if t.Kind == KPtr || t.Kind == KFunc || t.Kind == KChan {
				e.s = "(" + e.s + ")"
			}
		}
		v := g.local(c, t)
		w.line(v.Name + " := " + e.s)
	}
}

// assignable returns a variable the code may assign, or nil.
func (g *gen) assignable(c *ctx) *Var {
	var cands []*Var
	for _, v := range c.visible() {
		if !v.Fixed && !(v.Global && (c.safe || c.pure) && c.self == nil) {
			cands = append(cands, v)
		}
	}
	if len(cands) == 0 {
		return nil
	}
	return cands[g.pick(len(cands))]
}

func (g *gen) assignStmt(c *ctx, w *writer) bool {
	v := g.assignable(c)
	if v == nil {
		return false
	}
	if v.Global && c.self != nil {
		c.self.Globals = true
	}
	t := v.Type
	lhs := v.Name
	// Sometimes an element or a field.
	switch {
	case t.Kind == KArray && t.Len > 0 && g.chance(40):
		lhs += "[" + strconv.Itoa(g.pick(t.Len)) + "]"
		t = t.Elem
	case t.Kind == KSlice && g.chance(40) && g.risky(c):
		g.helper("_ix")
		lhs += "[_ix(" + g.expr(c, Basic(KInt), 2).s + ", len(" + v.Name + "))]"
		t = t.Elem
	case t.Kind == KMap && g.chance(50) && g.risky(c):
		lhs += "[" + g.expr(c, t.Key, 2).s + "]"
		t = t.Elem
	case t.Kind == KStruct && len(t.Fields) > 0 && g.chance(50):
		fs := fieldPaths(t, 1)
		f := fs[g.pick(len(fs))]
		if f.ptr && !g.risky(c) {
			break
		}
		lhs += f.path
		t = f.typ
	case t.Kind == KPtr && t.Elem.Kind != KStruct && g.chance(50) && g.risky(c):
		lhs = "*" + lhs
		t = t.Elem
	}
	g.touch(c, v)
	rhs := g.expr(c, t, 3).s
	cut := t.Kind == KString && t.Name == "" && (c.mult > 1 || v.Global)
	switch {
	case (t.Kind.isNumeric() || t.Kind == KString) && g.chance(40) && !cut:
		ops := []string{"+="}
		if t.Kind.isNumeric() {
			ops = append(ops, "-=", "*=")
		}
		if t.Kind.isInt() {
			ops = append(ops, "|=", "^=", "&=")
		}
		w.line(lhs + " " + ops[g.pick(len(ops))] + " " + rhs)
	case t.Kind.isInt() && g.chance(20):
		w.line(lhs + []string{"++", "--"}[g.pick(2)])
	default:
		if cut {
			g.helper("_cut")
			rhs = "_cut(" + rhs + ")"
		}
		w.line(lhs + " = " + rhs)
	}
	if t.Kind == KSlice && (c.mult > 1 || v.Global) && lhs == v.Name {
		// Keep slices small where they may grow on each pass.
		w.line("if len(" + v.Name + ") > 8 {")
		w.line("\t" + v.Name + " = " + v.Name + "[:8]")
		w.line("}")
	}
	return true
}

func (g *gen) cond(c *ctx) string { return g.expr(c, Basic(KBool), 3).s }

// callStmt calls a function for its effects, or assigns its several results.
func (g *gen) callStmt(c *ctx, w *writer) bool {
	f := g.callable(c, func(f *fn) bool { return f.Recv == nil && f.TParam == nil })
	if f == nil {
		return false
	}
	call := f.Name + "(" + g.args(c, f.Params, 2) + ")"
	if len(f.Results) == 0 {
		w.line(call)
		return true
	}
	var names []string
	for _, rt := range f.Results {
		if g.chance(20) {
			names = append(names, "_")
			continue
		}
		v := g.local(c, rt)
		names = append(names, v.Name)
	}
	allBlank := true
	for _, n := range names {
		allBlank = allBlank && n == "_"
	}
	if allBlank {
		w.line(strings.Join(names, ", ") + " = " + call)
	} else {
		w.line(strings.Join(names, ", ") + " := " + call)
	}
	return true
}

func (g *gen) deferStmt(c *ctx, w *writer) bool {
	if c.noDefer || c.safe && c.self == nil {
		return false
	}
	if c.self != nil {
		c.self.Cost += c.mult
	}
	switch g.pick(3) {
	case 0:
		// Arguments are evaluated when the defer statement runs.
		if c.safe || c.pure || g.lines >= maxLines {
			return false
		}
		g.lines++
		if c.self != nil {
			c.self.Prints = true
		}
		w.line("defer fmt.Println(\"" + g.name("D") + "\", " + g.printable(c, 2) + ")")
	case 1:
		// A closure reads variables when it runs.
		inner := c.with()
		inner.lits++
		inner.noDefer = true
		inner.results, inner.loops, inner.breaks, inner.labels = nil, 0, 0, nil
		w.open("defer func() {")
		g.block(inner, w, 1+g.pick(2))
		w.close("}()")
	default:
		// A recover that prints what it stopped, and may change named results.
		if c.safe || c.pure || g.lines >= maxLines {
			return false
		}
		g.lines++
		if c.self != nil {
			c.self.Prints = true
		}
		r := g.name("r")
		w.open("defer func() {")
		w.open("if " + r + " := recover(); " + r + " != nil {")
		w.line("fmt.Println(\"" + g.name("R") + " recovered:\", " + r + ")")
		inner := c.with()
		inner.lits++
		inner.noDefer = true
		inner.results, inner.loops, inner.breaks, inner.labels = nil, 0, 0, nil
		g.block(inner, w, g.pick(2))
		w.close("}")
		w.close("}()")
	}
	return true
}

// protectedBlock runs statements in a function literal with a recover.
func (g *gen) protectedBlock(c *ctx, w *writer) bool {
	if c.safe || c.pure || g.lines >= maxLines {
		return false
	}
	g.lines++
	if c.self != nil {
		c.self.Prints = true
	}
	w.open("func() {")
	w.line("defer func() {")
	w.line("\tif r := recover(); r != nil {")
	w.line("\t\tfmt.Println(\"" + g.name("P") + " recovered:\", r)")
	w.line("\t}")
	w.line("}()")
	inner := c.with()
	inner.depth++
	inner.lits++
	inner.loops, inner.breaks, inner.labels = 0, 0, nil
	inner.results = nil
	g.block(inner, w, 1+g.pick(4))
	w.close("}()")
	return true
}

// panicStmt panics when a condition holds.
func (g *gen) panicStmt(c *ctx, w *writer) bool {
	if !g.risky(c) {
		return false
	}
	var val string
	switch g.pick(5) {
	case 0:
		val = g.expr(c, Basic(KString), 2).s
	case 1:
		val = g.expr(c, Basic(KInt), 2).s
	case 2:
		g.use("errors")
		val = "errors.New(" + g.expr(c, Basic(KString), 1).s + ")"
	case 3:
		val = "fmt.Sprintf(\"v=%v\", " + g.printable(c, 1) + ")"
	default:
		var errs []*Type
		for _, n := range g.named {
			if implements(n, errorType, false) {
				errs = append(errs, n)
			}
		}
		if len(errs) == 0 {
			return false
		}
		val = g.composite(c, errs[g.pick(len(errs))], 1).s
	}
	w.open("if " + g.cond(c) + " {")
	w.line("panic(" + val + ")")
	w.close("}")
	return true
}

func (g *gen) mapStmt(c *ctx, w *writer) bool {
	var cands []*Var
	for _, v := range c.visible() {
		if v.Type.Kind == KMap {
			cands = append(cands, v)
		}
	}
	if len(cands) == 0 {
		return false
	}
	m := cands[g.pick(len(cands))]
	g.touch(c, m)
	key := g.expr(c, m.Type.Key, 2).s
	switch g.pick(4) {
	case 0:
		w.line("delete(" + m.Name + ", " + key + ")")
	case 1:
		v := g.local(c, m.Type.Elem)
		ok := g.local(c, Basic(KBool))
		w.line(v.Name + ", " + ok.Name + " := " + m.Name + "[" + key + "]")
	case 2:
		if m.Fixed || !g.risky(c) {
			return false
		}
		w.line(m.Name + "[" + key + "] = " + g.expr(c, m.Type.Elem, 2).s)
	default:
		if m.Fixed || c.mult > 1 {
			return false
		}
		w.line("clear(" + m.Name + ")")
	}
	return true
}

func (g *gen) sliceStmt(c *ctx, w *writer) bool {
	var cands []*Var
	for _, v := range c.visible() {
		if v.Type.Kind == KSlice && !v.Fixed {
			cands = append(cands, v)
		}
	}
	if len(cands) == 0 {
		return false
	}
	s := cands[g.pick(len(cands))]
	g.touch(c, s)
	et := s.Type.Elem
	switch g.pick(4) {
	case 0:
		if !(et.Kind.isNumeric() || et.Kind == KString) {
			return false
		}
		g.use("slices")
		w.line("slices.Sort(" + s.Name + ")")
	case 1:
		src := g.expr(c, s.Type, 2).s
		n := g.local(c, Basic(KInt))
		w.line(n.Name + " := copy(" + s.Name + ", " + src + ")")
	case 2:
		// Appending to a slice that shares its backing array.
		if !g.risky(c) {
			return false
		}
		g.helper("_ix")
		i := g.expr(c, Basic(KInt), 1).s
		x := g.expr(c, et, 2).s
		a := g.local(c, s.Type)
		w.line(a.Name + " := " + s.Name + "[:_ix(" + i + ", len(" + s.Name + ")+1)]")
		w.line(a.Name + " = append(" + a.Name + ", " + x + ")")
	default:
		if !(et.Kind.isNumeric() || et.Kind == KString) {
			return false
		}
		g.use("slices")
		w.line("slices.Reverse(" + s.Name + ")")
	}
	return true
}

func (g *gen) assertStmt(c *ctx, w *writer) bool {
	var cands []*Var
	for _, v := range c.visible() {
		if v.Type.Kind == KIface {
			cands = append(cands, v)
		}
	}
	if len(cands) == 0 {
		return false
	}
	v := cands[g.pick(len(cands))]
	g.touch(c, v)
	t := g.randType(c, 1)
	if t.Kind == KParam || len(v.Type.Methods) > 0 && !implements(t, v.Type, false) && t.Kind != KIface {
		return false
	}
	if t.Kind == KIface && len(t.Methods) == 0 && !v.Type.printable() {
		// The value may be a pointer a named interface held (seeds 6000, 22036 printed
		// its address). A copy of t is marked: t is shared, and the variable's type is
		// still written the same.
		marked := *t
		marked.MayHoldPointer = true
		t = &marked
	}
	x := g.local(c, t)
	if g.chance(80) || !g.risky(c) {
		ok := g.local(c, Basic(KBool))
		w.line(x.Name + ", " + ok.Name + " := " + v.Name + ".(" + t.String() + ")")
		return true
	}
	w.line(x.Name + " := " + v.Name + ".(" + t.String() + ")")
	return true
}

// closureStmt declares a function literal capturing variables, then calls it.
func (g *gen) closureStmt(c *ctx, w *writer) bool {
	if c.lits > 1 {
		return false
	}
	t := &Type{Kind: KFunc, Params: []*Type{Basic(KInt)}, Results: []*Type{g.randType(c, 1)}}
	f := g.funcLit(c, t, 3)
	v := g.local(c, t)
	w.line(v.Name + " := " + f.s)
	if c.mult > 4 {
		return true
	}
	arg := g.expr(c, Basic(KInt), 1).s
	r := g.local(c, t.Results[0])
	w.line(r.Name + " := " + v.Name + "(" + arg + ")")
	// Closures made in a loop capture its per-iteration variable.
	if g.chance(40) && c.mult <= 2 {
		fs := g.name("fs")
		i := g.name("i")
		w.line("var " + fs + " []func() int")
		w.open("for " + i + " := range 3 {")
		w.line(fs + " = append(" + fs + ", func() int { return " + i + " * 10 })")
		w.close("}")
		if !c.safe && !c.pure && g.lines < maxLines {
			g.lines++
			if c.self != nil {
				c.self.Prints = true
			}
			w.open("for _, f := range " + fs + " {")
			w.line("fmt.Print(f(), \" \")")
			w.close("}")
			w.line("fmt.Println()")
		} else {
			w.line("_ = " + fs)
		}
	}
	return true
}

// funcLit returns a function literal of type t capturing the scope of c.
func (g *gen) funcLit(c *ctx, t *Type, d int) ex {
	inner := c.with()
	inner.lits++
	inner.depth++
	inner.loops, inner.breaks, inner.labels = 0, 0, nil
	inner.results = t.Results
	inner.named = false
	inner.noDefer = false
	var params []string
	for _, p := range t.Params {
		v := g.local(inner, p)
		v.used = true
		params = append(params, v.Name+" "+p.String())
	}
	w := &writer{indent: 1}
	if d > 1 {
		g.block(inner.with(), w, g.pick(3))
	}
	if len(t.Results) > 0 {
		var rs []string
		for _, r := range t.Results {
			rs = append(rs, g.expr(inner, r, 2).s)
		}
		w.line("return " + strings.Join(rs, ", "))
	}
	sig := signature(nil, t.Results)
	sig = "func(" + strings.Join(params, ", ") + ")" + strings.TrimPrefix(sig, "()")
	body := w.b.String()
	if body == "" {
		return ex{s: sig + " {}"}
	}
	// Indent the body under the statement that holds the literal.
	return ex{s: sig + " {\n" + body + "}"}
}

// returnStmt writes a return of the function being written (conditional unless last).
func (g *gen) returnStmt(c *ctx, w *writer, conditional bool) bool {
	if c.results == nil && c.lits > 0 {
		return false
	}
	if conditional {
		w.open("if " + g.cond(c) + " {")
		defer w.close("}")
	}
	if len(c.results) == 0 || c.named && g.chance(40) {
		w.line("return")
		return true
	}
	// A call whose results are exactly the function's.
	if len(c.results) > 1 && g.chance(25) {
		f := g.callable(c, func(f *fn) bool {
			if f.Recv != nil || f.TParam != nil || len(f.Results) != len(c.results) {
				return false
			}
			for i := range f.Results {
				if !same(f.Results[i], c.results[i]) {
					return false
				}
			}
			return true
		})
		if f != nil {
			w.line("return " + f.Name + "(" + g.args(c, f.Params, 2) + ")")
			return true
		}
	}
	var rs []string
	for _, r := range c.results {
		e := g.expr(c, r, 3)
		rs = append(rs, e.s)
	}
	w.line("return " + strings.Join(rs, ", "))
	return true
}

func (g *gen) builderStmt(c *ctx, w *writer) bool {
	if c.mult > 4 {
		return false
	}
	g.use("strings")
	b := g.local(c, &Type{Kind: KOpaque, Name: "strings.Builder"})
	b.Fixed = true
	b.used = true
	w.line("var " + b.Name + " strings.Builder")
	for i := 1 + g.pick(3); i > 0; i-- {
		switch g.pick(3) {
		case 0:
			w.line(b.Name + ".WriteString(" + g.expr(c, Basic(KString), 2).s + ")")
		case 1:
			w.line(b.Name + ".WriteByte(" + g.expr(c, Basic(KUint8), 2).s + ")")
		default:
			w.line("fmt.Fprintf(&" + b.Name + ", \"%v;\", " + g.printable(c, 2) + ")")
		}
	}
	s := g.local(c, Basic(KString))
	w.line(s.Name + " := " + b.Name + ".String()")
	return true
}
