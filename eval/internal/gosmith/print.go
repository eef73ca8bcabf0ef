package gosmith

import (
	"strconv"
	"strings"
)

// maxLines bounds the print statements of a program.
const maxLines = 60

// verb returns a fmt verb and a type it suits.
func (g *gen) verb(c *ctx) (string, *Type) {
	t := g.randType(c, 1)
	for !t.printable() || t.Kind == KParam && g.chance(50) {
		t = Basic(numericKinds[g.pick(len(numericKinds))])
	}
	return g.verbFor(t), t
}

// verbFor returns a fmt verb that prints values of t the same way every run.
func (g *gen) verbFor(t *Type) string {
	common := []string{"%v", "%v", "%+v", "%T"}
	var own []string
	switch {
	case t.Kind.isInt():
		own = []string{"%d", "%x", "%X", "%o", "%b", "%5d", "%-4d|", "%+d", "%08b", "%c", "%q", "%U", "%#x", "% d"}
		if t.Kind == KUint8 || t.Kind == KInt32 {
			own = append(own, "%c", "%q")
		}
	case t.Kind.isFloat():
		own = []string{"%g", "%.3f", "%e", "%8.2f", "%G", "%.0f", "%-9.4g|", "%+.2e", "%5.1f"}
	case t.Kind == KString:
		own = []string{"%s", "%q", "%x", "%10s", "%-6s|", "%.3s", "%X", "% x", "%#q"}
	case t.Kind == KBool:
		own = []string{"%t", "%5t"}
	case t.Kind == KSlice || t.Kind == KArray:
		own = []string{"%v", "%#v"}
		if t.holdsIface() {
			own = []string{"%v", "%+v"}
		}
		switch {
		case t.Elem.Kind.isInt():
			own = append(own, "%d", "%x", "%03d")
		case t.Elem.Kind == KString:
			own = append(own, "%q", "%s")
		case t.Elem.Kind.isFloat():
			own = append(own, "%.2f", "%g")
		}
	case t.Kind == KStruct, t.Kind == KMap:
		own = []string{"%#v", "%+v"}
		if t.holdsIface() {
			own = []string{"%v", "%+v"}
		}
	case t.Kind == KIface:
		own = []string{"%v", "%v"}
	}
	if len(own) > 0 && g.chance(70) {
		return own[g.pick(len(own))]
	}
	return common[g.pick(len(common))]
}

// printable returns an expression of a type fmt prints the same way every run.
func (g *gen) printable(c *ctx, d int) string {
	t := g.randType(c, 1)
	if !t.printable() {
		t = Basic(KString)
	}
	return g.expr(c, t, d).s
}

// printStmt writes a statement that prints values: of variables in scope mostly.
func (g *gen) printStmt(c *ctx, w *writer) {
	if c.safe || c.pure || g.lines >= maxLines || c.mult > 20 {
		return
	}
	g.lines++
	if c.self != nil {
		c.self.Prints = true
	}
	tag := strconv.Quote(g.name("L"))
	var vals []*Var
	for _, v := range c.visible() {
		if v.Type.printable() && !v.Global || v.Type.printable() && g.chance(30) {
			vals = append(vals, v)
		}
	}
	n := 1 + g.pick(3)
	var items []string
	var types []*Type
	for i := 0; i < n; i++ {
		if len(vals) > 0 && g.chance(70) {
			v := vals[g.pick(len(vals))]
			g.touch(c, v)
			items = append(items, v.Name)
			types = append(types, v.Type)
			continue
		}
		t := g.randType(c, 1)
		if !t.printable() {
			t = Basic(KInt)
		}
		items = append(items, g.expr(c, t, 2).s)
		types = append(types, t)
	}
	switch g.pick(5) {
	case 0, 1:
		w.line("fmt.Println(" + tag + ", " + strings.Join(items, ", ") + ")")
	case 2:
		w.line("fmt.Print(" + tag + ", " + strings.Join(items, ", ") + ", \"\\n\")")
	default:
		var verbs []string
		for _, t := range types {
			verbs = append(verbs, g.verbFor(t))
		}
		format := strconv.Quote(strings.Trim(tag, `"`) + " " + strings.Join(verbs, " ") + "\n")
		w.line("fmt.Printf(" + format + ", " + strings.Join(items, ", ") + ")")
	}
}
