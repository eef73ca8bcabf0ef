package gosmith

import (
	"strconv"
	"strings"
)

// Control flow: if, for (every form of range), switch, type switch, break and continue.

func (g *gen) ifStmt(c *ctx, w *writer) {
	inner := c.with()
	inner.depth++
	head := "if "
	if g.chance(30) {
		t := g.randType(c, 1)
		e := g.expr(inner, t, 2)
		v := g.local(inner, t)
		if e.cst && !isDefault(t.Kind, e.s) || t.Kind == KIface || t.Kind == KParam {
			e.s = t.String() + "(" + e.s + ")"
		}
		head += v.Name + " := (" + e.s + "); "
	}
	w.open(head + g.cond(inner) + " {")
	body := inner.with()
	g.block(body, w, 1+g.pick(3))
	if g.chance(50) {
		if g.chance(30) {
			w.indent--
			w.open("} else if " + g.cond(inner) + " {")
			g.block(inner.with(), w, 1+g.pick(2))
		}
		w.indent--
		w.open("} else {")
		g.block(inner.with(), w, 1+g.pick(2))
	}
	g.useAllInner(inner, w)
	w.close("}")
}

// useAllInner uses the variables of an if or switch header before the closing brace
// (they are in scope in every branch; the last branch uses them).
func (g *gen) useAllInner(c *ctx, w *writer) {
	for _, v := range c.sc.vars {
		if !v.used {
			w.line("_ = " + v.Name)
			v.used = true
		}
	}
}

// loopCtx returns the context of a loop body that runs n times per pass.
func (g *gen) loopCtx(c *ctx, n int) *ctx {
	inner := c.with()
	inner.depth++
	inner.loops++
	inner.breaks++
	inner.mult = c.mult * n
	return inner
}

func (g *gen) forStmt(c *ctx, w *writer) bool {
	if c.mult > 16 {
		return false
	}
	n := 1 + g.pick(4)
	inner := g.loopCtx(c, n)
	var lab *label
	if g.chance(25) {
		lab = &label{name: g.name("L"), loop: true}
		inner.labels = append(append([]*label(nil), c.labels...), lab)
	}
	var head string
	body := &writer{indent: w.indent + 1}
	switch g.pick(8) {
	case 0:
		i := &Var{Name: g.name("i"), Type: Basic(KInt), Fixed: true}
		inner.declare(i)
		head = "for " + i.Name + " := 0; " + i.Name + " < " + strconv.Itoa(n) + "; " + i.Name + "++ {"
	case 1:
		i := &Var{Name: g.name("i"), Type: Basic(KInt), Fixed: true}
		inner.declare(i)
		head = "for " + i.Name + " := range " + strconv.Itoa(n) + " {"
	case 2:
		// Over a slice, array or string in scope (or a new one).
		var cands []*Var
		for _, v := range c.visible() {
			if v.Type.Kind == KSlice || v.Type.Kind == KArray || v.Type.Kind == KString {
				cands = append(cands, v)
			}
		}
		if len(cands) == 0 {
			return false
		}
		src := cands[g.pick(len(cands))]
		g.touch(c, src)
		inner.mult = c.mult * 6
		k := &Var{Name: g.name("k"), Type: Basic(KInt)}
		var et *Type
		switch src.Type.Kind {
		case KString:
			et = Basic(KInt32)
		default:
			et = src.Type.Elem
		}
		e := &Var{Name: g.name("e"), Type: et}
		inner.declare(k)
		inner.declare(e)
		head = "for " + k.Name + ", " + e.Name + " := range " + src.Name + " {"
	case 3:
		// Over a map, through its sorted keys.
		var cands []*Var
		for _, v := range c.visible() {
			if v.Type.Kind == KMap && (v.Type.Key.Kind.isNumeric() || v.Type.Key.Kind == KString) {
				cands = append(cands, v)
			}
		}
		if len(cands) == 0 {
			return false
		}
		m := cands[g.pick(len(cands))]
		g.touch(c, m)
		g.use("slices")
		g.use("maps")
		inner.mult = c.mult * 5
		k := &Var{Name: g.name("k"), Type: m.Type.Key}
		inner.declare(k)
		val := &Var{Name: g.name("e"), Type: m.Type.Elem}
		inner.declare(val)
		head = "for _, " + k.Name + " := range slices.Sorted(maps.Keys(" + m.Name + ")) {"
		body.line(val.Name + " := " + m.Name + "[" + k.Name + "]")
	case 4:
		// Over a function iterator.
		if c.pure && c.lits > 0 {
			return false
		}
		t := Basic([]Kind{KInt, KString}[g.pick(2)])
		g.use("iter")
		x := &Var{Name: g.name("x"), Type: t}
		inner.declare(x)
		vals := []string{}
		for i := 0; i < n; i++ {
			vals = append(vals, g.lit(c, t, 0).s)
		}
		// The iterator stops when yield says so; a loop that breaks tests it.
		head = "for " + x.Name + " := range iter.Seq[" + t.String() + "](func(yield func(" + t.String() + ") bool) {\n" +
			strings.Repeat("\t", w.indent+1) + "for _, y := range []" + t.String() + "{" + strings.Join(vals, ", ") + "} {\n" +
			strings.Repeat("\t", w.indent+2) + "if !yield(y) {\n" +
			strings.Repeat("\t", w.indent+3) + "return\n" +
			strings.Repeat("\t", w.indent+2) + "}\n" +
			strings.Repeat("\t", w.indent+1) + "}\n" +
			strings.Repeat("\t", w.indent) + "}) {"
	case 5:
		// A condition loop on a counter.
		cnt := g.local(c, Basic(KInt))
		cnt.used = true
		w.line(cnt.Name + " := 0")
		inner.sc.vars = append(inner.sc.vars, &Var{Name: cnt.Name, Type: cnt.Type, Fixed: true, used: true})
		head = "for " + cnt.Name + " < " + strconv.Itoa(n) + " {"
		body.line(cnt.Name + "++")
	case 6:
		// Over a string's runes.
		s := g.expr(c, Basic(KString), 2)
		k := &Var{Name: g.name("k"), Type: Basic(KInt)}
		r := &Var{Name: g.name("r"), Type: Basic(KInt32)}
		inner.declare(k)
		inner.declare(r)
		inner.mult = c.mult * 8
		head = "for " + k.Name + ", " + r.Name + " := range " + s.s + " {"
	default:
		// Over a channel filled and closed first.
		t := Basic([]Kind{KInt, KString, KFloat64}[g.pick(3)])
		ch := g.name("ch")
		w.line(ch + " := make(chan " + t.String() + ", " + strconv.Itoa(n) + ")")
		for i := 0; i < n; i++ {
			w.line(ch + " <- " + g.expr(c, t, 2).s)
		}
		w.line("close(" + ch + ")")
		x := &Var{Name: g.name("x"), Type: t}
		inner.declare(x)
		head = "for " + x.Name + " := range " + ch + " {"
	}
	g.block(inner, body, 1+g.pick(4))
	if lab != nil && lab.used {
		w.line(lab.name + ":")
	}
	w.line(head)
	w.b.WriteString(body.b.String())
	w.line("}")
	return true
}

// branchStmt writes a conditional break or continue in a loop or switch.
func (g *gen) branchStmt(c *ctx, w *writer) bool {
	if c.loops == 0 && c.breaks == 0 {
		return false
	}
	word := "break"
	if c.loops > 0 && g.chance(50) {
		word = "continue"
	}
	target := ""
	if len(c.labels) > 0 && g.chance(50) {
		l := c.labels[g.pick(len(c.labels))]
		if l.loop || word == "break" {
			target = " " + l.name
			l.used = true
		}
	}
	if word == "continue" && target == "" && c.loops == 0 {
		return false
	}
	w.open("if " + g.cond(c) + " {")
	w.line(word + target)
	w.close("}")
	return true
}

func (g *gen) switchStmt(c *ctx, w *writer) {
	inner := c.with()
	inner.depth++
	inner.breaks++
	head := "switch "
	if g.chance(30) {
		t := Basic([]Kind{KInt, KString, KInt8}[g.pick(3)])
		e := g.expr(inner, t, 2)
		v := g.local(inner, t)
		if e.cst && !isDefault(t.Kind, e.s) {
			e.s = t.String() + "(" + e.s + ")"
		}
		head += v.Name + " := (" + e.s + "); "
	}
	var cases []string
	tagless := g.chance(30)
	if tagless {
		for i := 1 + g.pick(3); i > 0; i-- {
			cases = append(cases, g.cond(inner))
		}
		if g.chance(30) {
			head = strings.TrimSuffix(head, "; ")
			if head == "switch" {
				head = "switch "
			} else {
				head += "; "
			}
		}
	} else {
		t := Basic([]Kind{KInt, KString, KInt8, KUint16, KBool}[g.pick(5)])
		if n := g.namedOf(KInt); n != nil && g.chance(20) {
			t = n
		}
		tag := g.expr(inner, t, 2)
		head += "(" + tag.s + ")"
		keys := g.distinctKeys(t, 1+g.pick(4))
		for len(keys) > 0 {
			// A case lists one or two of the constants.
			k := 1
			if len(keys) > 1 && g.chance(25) {
				k = 2
			}
			cases = append(cases, strings.Join(keys[:k], ", "))
			keys = keys[k:]
		}
		if len(cases) == 0 {
			cases = append(cases, tag.s)
		}
	}
	w.open(strings.TrimSuffix(head, " ") + " {")
	w.indent--
	for i, cs := range cases {
		w.open("case " + cs + ":")
		g.block(inner.with(), w, 1+g.pick(2))
		if i < len(cases)-1 && g.chance(20) {
			w.line("fallthrough")
		}
		w.indent--
	}
	if g.chance(60) {
		w.open("default:")
		g.block(inner.with(), w, 1+g.pick(2))
		w.indent--
	}
	w.indent++
	g.useAllInner(inner, w)
	w.close("}")
}

func (g *gen) typeSwitchStmt(c *ctx, w *writer) bool {
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
	inner := c.with()
	inner.depth++
	inner.breaks++
	bind := g.chance(70)
	x := g.name("x")
	head := "switch " + v.Name + ".(type) {"
	if bind {
		head = "switch " + x + " := " + v.Name + ".(type) {"
	}
	w.line(head)
	seen := map[string]bool{}
	var types []*Type
	for i := 1 + g.pick(4); i > 0; i-- {
		var t *Type
		if v.Type.Kind == KIface && len(v.Type.Methods) > 0 {
			// Types that implement it, or other interfaces.
			var impls []*Type
			for _, n := range g.named {
				if implements(n, v.Type, false) {
					impls = append(impls, n)
				}
				if implements(n, v.Type, true) {
					impls = append(impls, &Type{Kind: KPtr, Elem: n})
				}
			}
			if len(impls) == 0 {
				break
			}
			t = impls[g.pick(len(impls))]
		} else {
			t = g.randType(c, 1)
			if t.Kind == KParam {
				t = Basic(KInt)
			}
		}
		if seen[t.String()] {
			continue
		}
		seen[t.String()] = true
		types = append(types, t)
	}
	type clause struct {
		label string
		t     *Type // the type x has in the clause
	}
	var clauses []clause
	for i := 0; i < len(types); i++ {
		t := types[i]
		if i+1 < len(types) && g.chance(15) {
			// A case of two types: x keeps the switch's type.
			clauses = append(clauses, clause{t.String() + ", " + types[i+1].String(), v.Type})
			i++
			continue
		}
		clauses = append(clauses, clause{t.String(), t})
	}
	if g.chance(20) && v.Type.Kind == KIface && len(v.Type.Methods) == 0 {
		clauses = append(clauses, clause{"nil", v.Type})
	}
	for _, cl := range clauses {
		cc := inner.with()
		w.line("case " + cl.label + ":")
		w.indent++
		if bind {
			xv := &Var{Name: x, Type: cl.t}
			cc.declare(xv)
			if g.chance(50) && cl.t.printable() && !c.safe && !c.pure && g.lines < maxLines {
				g.lines++
				if c.self != nil {
					c.self.Prints = true
				}
				w.line("fmt.Printf(\"" + g.name("T") + " %T %v\\n\", " + x + ", " + x + ")")
				xv.used = true
			}
		}
		g.block(cc, w, g.pick(2))
		w.indent--
	}
	if g.chance(70) || bind && len(clauses) == 0 {
		cc := inner.with()
		w.line("default:")
		w.indent++
		if bind {
			cc.declare(&Var{Name: x, Type: v.Type})
		}
		g.block(cc, w, 1)
		w.indent--
	}
	w.line("}")
	return true
}
