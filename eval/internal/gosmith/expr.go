package gosmith

import (
	"strconv"
	"strings"
)

// expr returns an expression of type t; d bounds its depth.
func (g *gen) expr(c *ctx, t *Type, d int) ex {
	if d <= 0 || g.chance(25) {
		if v := g.varOf(c, t); v != "" && g.chance(70) {
			return ex{s: v}
		}
		if t.Kind.isBasic() || t.Kind == KParam || d <= -2 {
			return g.lit(c, t, d)
		}
	}
	prods := g.productions(t)
	for tries := 0; tries < 6; tries++ {
		p := prods[g.pick(len(prods))]
		if e, ok := p(g, c, t, d); ok {
			return e
		}
	}
	if v := g.varOf(c, t); v != "" {
		return ex{s: v}
	}
	return g.lit(c, t, d)
}

// nonConst returns an expression of t that is not a constant.
func (g *gen) nonConst(c *ctx, t *Type, d int) (ex, bool) {
	for tries := 0; tries < 4; tries++ {
		e := g.expr(c, t, d)
		if !e.cst {
			return e, true
		}
	}
	if v := g.varOf(c, t); v != "" {
		return ex{s: v}, true
	}
	return ex{}, false
}

type production func(g *gen, c *ctx, t *Type, d int) (ex, bool)

func (g *gen) productions(t *Type) []production {
	var ps []production
	add := func(w int, p production) {
		for i := 0; i < w; i++ {
			ps = append(ps, p)
		}
	}
	add(2, prodVar)
	add(1, prodCall)
	add(1, prodMethodCall)
	add(1, prodField)
	add(1, prodIndex)
	switch {
	case t.Kind.isInt():
		add(5, prodArith)
		add(1, prodUnary)
		add(2, prodConvert)
		add(1, prodLen)
		add(1, prodMinMax)
		add(1, prodStrconvInt)
	case t.Kind.isFloat():
		add(4, prodArith)
		add(1, prodUnary)
		add(2, prodConvert)
		add(1, prodMinMax)
	case t.Kind == KString:
		add(3, prodConcat)
		add(3, prodStringFunc)
		add(1, prodConvert)
		add(1, prodMinMax)
	case t.Kind == KBool:
		add(4, prodCompare)
		add(2, prodLogic)
		add(1, prodBoolFunc)
	case t.Kind == KSlice:
		add(3, prodLit)
		add(2, prodAppend)
		add(1, prodSliceExpr)
		add(1, prodSliceFunc)
	case t.Kind == KParam:
		if t.Cons.Arith {
			add(3, prodArith)
		}
		add(1, prodLit)
	default:
		add(3, prodLit)
	}
	add(1, prodClosureCall)
	return ps
}

func prodLit(g *gen, c *ctx, t *Type, d int) (ex, bool) { return g.lit(c, t, d), true }

func prodVar(g *gen, c *ctx, t *Type, d int) (ex, bool) {
	v := g.varOf(c, t)
	return ex{s: v}, v != ""
}

// varOf returns a variable of type t in scope, marked used, or "".
func (g *gen) varOf(c *ctx, t *Type) string {
	var cands []*Var
	for _, v := range c.visible() {
		if same(v.Type, t) {
			cands = append(cands, v)
		}
	}
	if len(cands) == 0 {
		return ""
	}
	v := cands[g.pick(len(cands))]
	g.touch(c, v)
	return v.Name
}

func (g *gen) touch(c *ctx, v *Var) {
	if v.Global && c.self != nil {
		c.self.Globals = true
	}
}

// addressable returns an addressable expression of type t (a variable), or "".
func (g *gen) addressable(c *ctx, t *Type) string { return g.varOf(c, t) }

// risky notes that the code being written may panic; it returns false where that is
// not allowed.
func (g *gen) risky(c *ctx) bool {
	if c.safe {
		return false
	}
	if c.self != nil {
		c.self.Risky = true
	}
	return true
}

var arithOps = map[string]bool{"+": true, "-": true, "*": true, "/": true, "%": true, "&": true, "|": true, "^": true, "&^": true, "<<": true, ">>": true}

func prodArith(g *gen, c *ctx, t *Type, d int) (ex, bool) {
	var ops []string
	switch {
	case t.Kind == KParam:
		ops = []string{"+", "-", "*"}
		if t.Cons.Ints {
			ops = append(ops, "&", "|", "^")
		}
	case t.Kind.isInt():
		ops = []string{"+", "-", "*", "+", "-", "*", "/", "%", "&", "|", "^", "&^", "<<", ">>"}
	default:
		ops = []string{"+", "-", "*", "/"}
	}
	op := ops[g.pick(len(ops))]
	a := g.expr(c, t, d-1)
	var b ex
	switch op {
	case "<<", ">>":
		// The count: never negative, sometimes at least the width.
		ct := Basic([]Kind{KUint, KUint8, KInt, KInt32, KUint64}[g.pick(5)])
		if a.cst {
			cnt, ok := g.nonConst(c, ct, d-1)
			if !ok {
				return a, true
			}
			b = cnt
		} else {
			b = g.expr(c, ct, d-1)
		}
		mask := []string{"7", "15", "63", "127"}[g.pick(4)]
		if a.cst {
			// An untyped constant would take its type from the context.
			a.s = t.String() + "(" + a.s + ")"
		}
		return ex{s: "(" + a.s + " " + op + " (" + b.s + " & " + mask + "))", cst: a.cst && b.cst}, true
	case "/", "%":
		if t.Kind.isInt() {
			b = g.expr(c, t, d-1)
			if a.cst && b.cst {
				var ok bool
				if b, ok = g.nonConst(c, t, d-1); !ok {
					return a, true
				}
			}
			if g.chance(85) || b.cst || !g.risky(c) {
				return ex{s: "(" + a.s + " " + op + " (" + b.s + " | 1))"}, true
			}
			return ex{s: "(" + a.s + " " + op + " " + b.s + ")"}, true
		}
		if a.cst {
			var ok bool
			if a, ok = g.nonConst(c, t, d-1); !ok {
				return g.lit(c, t, d), true
			}
		}
		b = g.expr(c, t, d-1)
		if b.cst {
			return ex{s: "(" + a.s + " / " + t.String() + "(1.25))"}, true
		}
		return ex{s: "(" + a.s + " / " + b.s + ")"}, true
	}
	b = g.expr(c, t, d-1)
	if a.cst && b.cst {
		var ok bool
		if b, ok = g.nonConst(c, t, d-1); !ok {
			return a, true
		}
	}
	return ex{s: "(" + a.s + " " + op + " " + b.s + ")"}, true
}

func prodUnary(g *gen, c *ctx, t *Type, d int) (ex, bool) {
	a, ok := g.nonConst(c, t, d-1)
	if !ok {
		return ex{}, false
	}
	ops := []string{"-", "+"}
	if t.Kind.isInt() {
		ops = append(ops, "^", "^")
	}
	return ex{s: "(" + ops[g.pick(len(ops))] + a.s + ")"}, true
}

var numericKinds = []Kind{KInt, KInt8, KInt16, KInt32, KInt64, KUint, KUint8, KUint16, KUint32, KUint64, KFloat32, KFloat64}

func prodConvert(g *gen, c *ctx, t *Type, d int) (ex, bool) {
	if t.Kind == KString {
		switch g.pick(4) {
		case 0:
			a := g.expr(c, Basic(KInt32), d-1)
			return ex{s: t.String() + "(rune(" + a.s + "))", cst: a.cst}, true
		case 1:
			a := g.expr(c, &Type{Kind: KSlice, Elem: Basic(KUint8)}, d-1)
			return ex{s: t.String() + "(" + a.s + ")"}, true
		case 2:
			a := g.expr(c, &Type{Kind: KSlice, Elem: Basic(KInt32)}, d-1)
			return ex{s: t.String() + "(" + a.s + ")"}, true
		}
		if t.Name != "" {
			a := g.expr(c, Basic(KString), d-1)
			return ex{s: t.String() + "(" + a.s + ")", cst: a.cst}, true
		}
		if n := g.namedOf(KString); n != nil {
			a := g.expr(c, n, d-1)
			return ex{s: "string(" + a.s + ")", cst: a.cst}, true
		}
		return ex{}, false
	}
	// From another numeric type, or between a named type and its underlying type.
	var from *Type
	if g.chance(30) {
		if t.Name != "" {
			from = Basic(t.Kind)
		} else if n := g.namedOf(t.Kind); n != nil {
			from = n
		}
	}
	if from == nil {
		from = Basic(numericKinds[g.pick(len(numericKinds))])
	}
	a, ok := g.nonConst(c, from, d-1)
	if !ok {
		return ex{}, false
	}
	if from.Kind.isFloat() && t.Kind.isInt() {
		g.helper("_f2i")
		return ex{s: t.String() + "(_f2i(float64(" + a.s + ")))"}, true
	}
	if from.Kind == KFloat64 && t.Kind == KFloat32 {
		g.helper("_f32")
		return ex{s: t.String() + "(_f32(" + a.s + "))"}, true
	}
	return ex{s: t.String() + "(" + a.s + ")"}, true
}

// namedOf returns a named type over the predeclared kind k, if the program has one.
func (g *gen) namedOf(k Kind) *Type {
	var cands []*Type
	for _, n := range g.named {
		if n.Kind == k {
			cands = append(cands, n)
		}
	}
	if len(cands) == 0 {
		return nil
	}
	return cands[g.pick(len(cands))]
}

func prodLen(g *gen, c *ctx, t *Type, d int) (ex, bool) {
	if t.Name != "" || t.Kind != KInt {
		return ex{}, false
	}
	var cands []*Var
	for _, v := range c.visible() {
		switch v.Type.Kind {
		case KString, KSlice, KMap, KArray, KChan:
			cands = append(cands, v)
		}
	}
	if len(cands) == 0 {
		a := g.expr(c, Basic(KString), d-1)
		return ex{s: "len(" + a.s + ")", cst: a.cst}, true
	}
	v := cands[g.pick(len(cands))]
	g.touch(c, v)
	// A slice's capacity after append is gc's choice, not the language's: Go 1.26 gives
	// a slice that does not escape a 32-byte buffer on the stack (cap(append([]int{},
	// 1)) is 4 there, 1 where the slice escapes), which no interpreter can mirror. Only
	// a channel's capacity is asked; a slice's draw (kept, so that the programs of
	// every seed stay as they were elsewhere) asks its length.
	if (v.Type.Kind == KSlice || v.Type.Kind == KChan) && g.chance(30) && v.Type.Kind == KChan {
		return ex{s: "cap(" + v.Name + ")"}, true
	}
	return ex{s: "len(" + v.Name + ")", cst: v.Type.Kind == KArray}, true
}

func prodMinMax(g *gen, c *ctx, t *Type, d int) (ex, bool) {
	n := 2 + g.pick(2)
	var parts []string
	allCst := true
	for i := 0; i < n; i++ {
		e := g.expr(c, t, d-1)
		allCst = allCst && e.cst
		parts = append(parts, e.s)
	}
	f := "min"
	if g.chance(50) {
		f = "max"
	}
	return ex{s: f + "(" + strings.Join(parts, ", ") + ")", cst: allCst}, true
}

func prodStrconvInt(g *gen, c *ctx, t *Type, d int) (ex, bool) {
	if t.Name != "" || t.Kind != KInt {
		return ex{}, false
	}
	s := g.expr(c, Basic(KString), d-1)
	switch g.pick(4) {
	case 0:
		g.use("strings")
		sub := g.expr(c, Basic(KString), d-1)
		return ex{s: "strings.Index(" + s.s + ", " + sub.s + ")"}, true
	case 1:
		g.use("strings")
		sub := g.expr(c, Basic(KString), d-1)
		return ex{s: "strings.Count(" + s.s + ", " + sub.s + ")"}, true
	case 2:
		g.use("unicode/utf8")
		return ex{s: "utf8.RuneCountInString(" + s.s + ")"}, true
	}
	g.use("strings")
	return ex{s: "strings.Compare(" + s.s + ", " + g.expr(c, Basic(KString), d-1).s + ")"}, true
}

func prodConcat(g *gen, c *ctx, t *Type, d int) (ex, bool) {
	a := g.expr(c, t, d-1)
	b := g.expr(c, t, d-1)
	return ex{s: "(" + a.s + " + " + b.s + ")", cst: a.cst && b.cst}, true
}

func prodStringFunc(g *gen, c *ctx, t *Type, d int) (ex, bool) {
	if t.Name != "" {
		return ex{}, false
	}
	s := func() string { return g.expr(c, Basic(KString), d-1).s }
	switch g.pick(14) {
	case 0:
		g.use("strings")
		return ex{s: "strings.ToUpper(" + s() + ")"}, true
	case 1:
		g.use("strings")
		return ex{s: "strings.Repeat(" + stringLits[g.pick(len(stringLits))] + ", " + strconv.Itoa(g.pick(4)) + ")"}, true
	case 2:
		g.use("strconv")
		return ex{s: "strconv.Itoa(" + g.expr(c, Basic(KInt), d-1).s + ")"}, true
	case 3:
		g.use("strconv")
		return ex{s: "strconv.Quote(" + s() + ")"}, true
	case 4:
		g.use("strings")
		return ex{s: "strings.TrimSpace(" + s() + ")"}, true
	case 5:
		g.use("strings")
		return ex{s: "strings.ReplaceAll(" + s() + ", " + s() + ", " + s() + ")"}, true
	case 6:
		g.use("strings")
		return ex{s: "strings.Join(" + g.expr(c, &Type{Kind: KSlice, Elem: Basic(KString)}, d-1).s + ", " + s() + ")"}, true
	case 7:
		g.use("strconv")
		return ex{s: "strconv.FormatInt(" + g.expr(c, Basic(KInt64), d-1).s + ", " + strconv.Itoa(2+g.pick(35)) + ")"}, true
	case 8:
		a := g.printable(c, d-1)
		return ex{s: "fmt.Sprint(" + a + ")"}, true
	case 9:
		verb, at := g.verb(c)
		a := g.expr(c, at, d-1)
		return ex{s: "fmt.Sprintf(" + strconv.Quote("<"+verb+">") + ", " + a.s + ")"}, true
	case 10:
		g.use("strings")
		return ex{s: "strings.ToLower(" + s() + ")"}, true
	case 11:
		g.use("strings")
		return ex{s: "strings.TrimLeft(" + s() + ", " + s() + ")"}, true
	case 12:
		g.use("strconv")
		return ex{s: "strconv.FormatFloat(" + g.expr(c, Basic(KFloat64), d-1).s + ", 'g', " + strconv.Itoa(g.pick(8)-1) + ", 64)"}, true
	}
	// A substring with bounds that fit.
	v := g.varOf(c, Basic(KString))
	if v == "" || !g.risky(c) {
		return ex{}, false
	}
	g.helper("_ix")
	lo := g.expr(c, Basic(KInt), d-1).s
	return ex{s: v + "[_ix(" + lo + ", len(" + v + ")+1):]"}, true
}

func prodCompare(g *gen, c *ctx, t *Type, d int) (ex, bool) {
	ot := g.randType(c, 1)
	if !ot.comparable() || ot.Kind == KIface && len(ot.Methods) > 0 {
		ot = Basic(numericKinds[g.pick(len(numericKinds))])
	}
	ops := []string{"==", "!="}
	if ot.Kind.isNumeric() || ot.Kind == KString || (ot.Kind == KParam && ot.Cons.Order) {
		ops = append(ops, "<", "<=", ">", ">=")
	}
	a := g.expr(c, ot, d-1)
	b := g.expr(c, ot, d-1)
	if ot.Kind == KIface {
		a.s, b.s = ot.String()+"("+a.s+")", ot.String()+"("+b.s+")"
	}
	if ot.Kind == KIface || ot.Kind == KStruct || ot.Kind == KArray {
		// Comparing interfaces holding uncomparable values panics: compare only what
		// the generator puts in them (printable basic values and structs of them).
		if ot.Kind == KIface && !g.risky(c) {
			return ex{s: t.String() + "(true)", cst: true}, true
		}
	}
	s := "(" + a.s + " " + ops[g.pick(len(ops))] + " " + b.s + ")"
	if t.Name != "" {
		s = t.String() + s
	}
	return ex{s: s, cst: a.cst && b.cst}, true
}

func prodLogic(g *gen, c *ctx, t *Type, d int) (ex, bool) {
	a := g.expr(c, t, d-1)
	if g.chance(20) {
		return ex{s: "!" + a.s, cst: a.cst}, true
	}
	b := g.expr(c, t, d-1)
	op := "&&"
	if g.chance(50) {
		op = "||"
	}
	return ex{s: "(" + a.s + " " + op + " " + b.s + ")", cst: a.cst && b.cst}, true
}

func prodBoolFunc(g *gen, c *ctx, t *Type, d int) (ex, bool) {
	if t.Name != "" {
		return ex{}, false
	}
	s := func() string { return g.expr(c, Basic(KString), d-1).s }
	switch g.pick(4) {
	case 0:
		g.use("strings")
		return ex{s: "strings.Contains(" + s() + ", " + s() + ")"}, true
	case 1:
		g.use("strings")
		return ex{s: "strings.HasPrefix(" + s() + ", " + s() + ")"}, true
	case 2:
		g.use("slices")
		et := Basic([]Kind{KInt, KString, KFloat64}[g.pick(3)])
		return ex{s: "slices.Contains(" + g.expr(c, &Type{Kind: KSlice, Elem: et}, d-1).s + ", " + g.expr(c, et, d-1).s + ")"}, true
	}
	g.use("strings")
	return ex{s: "strings.EqualFold(" + s() + ", " + s() + ")"}, true
}

func prodAppend(g *gen, c *ctx, t *Type, d int) (ex, bool) {
	base := g.expr(c, t, d-1)
	if g.chance(30) && c.mult <= 1 {
		other := g.expr(c, t, d-1)
		return ex{s: "append(" + base.s + ", " + other.s + "...)"}, true
	}
	n := 1 + g.pick(3)
	s := "append(" + base.s
	for i := 0; i < n; i++ {
		s += ", " + g.expr(c, t.Elem, d-1).s
	}
	return ex{s: s + ")"}, true
}

func prodSliceExpr(g *gen, c *ctx, t *Type, d int) (ex, bool) {
	v := g.varOf(c, t)
	if v == "" || !g.risky(c) {
		return ex{}, false
	}
	g.helper("_ix")
	lo := "_ix(" + g.expr(c, Basic(KInt), d-1).s + ", len(" + v + ")+1)"
	switch g.pick(3) {
	case 0:
		return ex{s: v + "[" + lo + ":]"}, true
	case 1:
		return ex{s: v + "[:" + lo + "]"}, true
	}
	return ex{s: v + "[:" + lo + ":" + lo + "]"}, true
}

func prodSliceFunc(g *gen, c *ctx, t *Type, d int) (ex, bool) {
	if t.Name != "" {
		return ex{}, false
	}
	switch {
	case t.Elem.Kind == KString && t.Elem.Name == "" && g.chance(50):
		g.use("strings")
		return ex{s: "strings.Split(" + g.expr(c, Basic(KString), d-1).s + ", " + stringLits[1+g.pick(len(stringLits)-1)] + ")"}, true
	case t.Elem.Kind == KUint8 && t.Elem.Name == "":
		return ex{s: "[]byte(" + g.expr(c, Basic(KString), d-1).s + ")"}, true
	case t.Elem.Kind == KInt32 && t.Elem.Name == "":
		return ex{s: "[]rune(" + g.expr(c, Basic(KString), d-1).s + ")"}, true
	}
	g.use("slices")
	return ex{s: "slices.Clone(" + g.expr(c, t, d-1).s + ")"}, true
}

// maxCost bounds the work of one function call (loop iterations, calls included).
const maxCost = 400

type fieldPath struct {
	path string
	typ  *Type
	ptr  bool // through an embedded pointer
}
