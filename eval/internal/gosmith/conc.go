package gosmith

import (
	"strconv"
	"strings"
)

// selectStmt writes channels of which exactly one case of a select is ready (or none,
// with a default), then the select: the choice is the same on every run.
func (g *gen) selectStmt(c *ctx, w *writer) bool {
	if c.safe || c.pure || g.lines >= maxLines {
		return false
	}
	g.lines++
	if c.self != nil {
		c.self.Prints = true
	}
	n := 2 + g.pick(2)
	ready := g.pick(n + 1) // n: none ready, the default runs
	if ready == n && !g.chance(50) {
		ready = 0
	}
	type kase struct {
		ch   string
		t    *Type
		send bool
	}
	var cases []kase
	for i := 0; i < n; i++ {
		t := Basic([]Kind{KInt, KString, KBool, KFloat64}[g.pick(4)])
		k := kase{ch: g.name("c"), t: t, send: g.chance(30)}
		w.line(k.ch + " := make(chan " + t.String() + ", 1)")
		switch {
		case k.send && i != ready:
			w.line(k.ch + " <- " + g.expr(c, t, 1).s) // full: the send is not ready
		case !k.send && i == ready:
			if g.chance(20) {
				w.line("close(" + k.ch + ")")
			} else {
				w.line(k.ch + " <- " + g.expr(c, t, 2).s)
			}
		}
		cases = append(cases, k)
	}
	inner := c.with()
	inner.breaks++
	inner.depth++
	w.line("select {")
	for _, k := range cases {
		cc := inner.with()
		tag := g.name("S")
		switch {
		case k.send:
			w.line("case " + k.ch + " <- " + g.expr(c, k.t, 2).s + ":")
			w.indent++
			w.line("fmt.Println(\"" + tag + " sent\", len(" + k.ch + "))")
		case g.chance(30):
			// Receive into an existing variable.
			v := g.assignableOf(c, k.t)
			if v == nil {
				w.line("case <-" + k.ch + ":")
				w.indent++
				w.line("fmt.Println(\"" + tag + " received\")")
				break
			}
			w.line("case " + v.Name + " = <-" + k.ch + ":")
			w.indent++
			g.touch(c, v)
			w.line("fmt.Println(\"" + tag + " received\", " + v.Name + ")")
		default:
			x, ok := g.name("x"), g.name("ok")
			w.line("case " + x + ", " + ok + " := <-" + k.ch + ":")
			w.indent++
			w.line("fmt.Println(\"" + tag + " received\", " + x + ", " + ok + ")")
		}
		g.block(cc, w, g.pick(2))
		w.indent--
	}
	if ready == n {
		w.line("default:")
		w.line("\tfmt.Println(\"" + g.name("S") + " default\")")
	}
	w.line("}")
	return true
}

// assignableOf returns a variable of type t the code may assign, or nil.
func (g *gen) assignableOf(c *ctx, t *Type) *Var {
	for _, v := range c.visible() {
		if !v.Fixed && same(v.Type, t) && !v.Global {
			return v
		}
	}
	return nil
}

// pipelineStmt writes goroutines that synchronise deterministically: a stage reading
// one channel and writing another, or workers each writing their own slot, or workers
// adding to a total under a mutex.
func (g *gen) pipelineStmt(c *ctx, w *writer) bool {
	if c.safe || c.pure || c.mult > 2 || g.lines >= maxLines {
		return false
	}
	g.lines++
	if c.self != nil {
		c.self.Prints = true
		c.self.Cost += 10 * c.mult
	}
	g.use("sync")
	n := 2 + g.pick(4)
	t := Basic([]Kind{KInt, KString, KInt64, KFloat64}[g.pick(4)])
	wg := g.name("wg")
	w.line("var " + wg + " sync.WaitGroup")
	// The goroutine's code sees only its own variables and pure functions.
	body := func(param string, pt *Type, rt *Type) string {
		gc := &ctx{sc: &scope{}, mult: 1, safe: true, pure: true, noDefer: true, lits: 1, depth: 2}
		gc.self = &fn{}
		gc.declare(&Var{Name: param, Type: pt, Fixed: true, used: true})
		return g.expr(gc, rt, 3).s
	}
	switch g.pick(3) {
	case 0:
		in, out := g.name("in"), g.name("out")
		w.line(in + " := make(chan int, " + strconv.Itoa(n) + ")")
		w.line(out + " := make(chan " + t.String() + ", " + strconv.Itoa(n) + ")")
		w.line(wg + ".Add(1)")
		w.open("go func() {")
		w.line("defer " + wg + ".Done()")
		w.open("for v := range " + in + " {")
		w.line("_ = v")
		w.line(out + " <- " + body("v", Basic(KInt), t))
		w.close("}")
		w.line("close(" + out + ")")
		w.close("}()")
		w.open("for i := range " + strconv.Itoa(n) + " {")
		w.line(in + " <- i * " + strconv.Itoa(1+g.pick(7)))
		w.close("}")
		w.line("close(" + in + ")")
		w.line(wg + ".Wait()")
		w.open("for v := range " + out + " {")
		w.line("fmt.Print(v, \" \")")
		w.close("}")
		w.line("fmt.Println()")
	case 1:
		res := g.name("res")
		w.line(res + " := make([]" + t.String() + ", " + strconv.Itoa(n) + ")")
		w.open("for i := range " + strconv.Itoa(n) + " {")
		w.line(wg + ".Add(1)")
		w.open("go func() {")
		w.line("defer " + wg + ".Done()")
		w.line(res + "[i] = " + body("i", Basic(KInt), t))
		w.close("}()")
		w.close("}")
		w.line(wg + ".Wait()")
		w.line("fmt.Println(\"" + g.name("W") + "\", " + res + ")")
	default:
		mu, total := g.name("mu"), g.name("total")
		w.line("var " + mu + " sync.Mutex")
		w.line("var " + total + " int")
		w.open("for i := range " + strconv.Itoa(n) + " {")
		w.line(wg + ".Add(1)")
		w.open("go func(k int) {")
		w.line("defer " + wg + ".Done()")
		w.line("_ = k")
		w.line("x := " + body("k", Basic(KInt), Basic(KInt)))
		w.line(mu + ".Lock()")
		w.line(total + " += x")
		w.line(mu + ".Unlock()")
		w.close("}(i)")
		w.close("}")
		w.line(wg + ".Wait()")
		w.line("fmt.Println(\"" + g.name("W") + "\", " + total + ")")
	}
	return true
}

// helper notes that the program needs one of the helper functions.
func (g *gen) helper(name string) { g.helpers[name] = true }

var helperSrc = map[string]string{
	"_ix": `// _ix maps i into [0, n) (0 when n is 0).
func _ix(i, n int) int {
	if n <= 0 {
		return 0
	}
	i %= n
	if i < 0 {
		i += n
	}
	return i
}
`,
	"_f2i": `// _f2i converts f to an integer where Go defines the result.
func _f2i(f float64) int64 {
	if f != f || f > 1e15 || f < -1e15 {
		return -7
	}
	return int64(f)
}
`,
	"_f32": `// _f32 converts f to float32 where it fits.
func _f32(f float64) float32 {
	if f > 1e30 || f < -1e30 {
		return 1.5
	}
	return float32(f)
}
`,
	"_cut": `// _cut keeps strings short where they may grow on each pass.
func _cut(s string) string {
	if len(s) > 24 {
		return s[:24]
	}
	return s
}
`,
	"_protect": `// _protect runs f, printing what a panic in it was.
func _protect(name string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Println(name, "panicked:", r)
		}
	}()
	f()
}
`,
}

// helperDecls puts the helpers the program uses before its other declarations.
func (g *gen) helperDecls() {
	var ds []Decl
	for _, name := range []string{"_ix", "_f2i", "_f32", "_cut", "_protect"} {
		if g.helpers[name] {
			ds = append(ds, Decl{Src: helperSrc[name], Names: []string{name}})
		}
	}
	g.decls = append(ds, g.decls...)
}

var _ = strings.Join
