package eval

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/peerbook/peerbook/eval/internal/rewrite/corpus"
)

// A stress test of select and channel semantics against the compiler: random selects
// over nil, closed, unbuffered and buffered channels, each a program of its own seed
// whose output go run gives. The generator keeps the state of every channel, so each
// select has at most one ready case (with a default when none is): the choice is the
// same on every run, in Go and in a cell. What it checks: which case runs, the values
// and ok flags received (a closed channel's buffered values first, then zeros), what
// sends store (untyped constants into int8 and float32 channels), the order in which
// the channel and value operands of all cases are evaluated (each through a call that
// prints), a send on a closed channel and closes of nil and closed channels (their
// panics, recovered), and len and cap after each step.

// stressChan is the state the generator keeps of one channel.
type stressChan struct {
	name, elem string
	isNil      bool
	closed     bool
	cap        int
	buf        []string // the values in the buffer, as the program prints them
}

func (c *stressChan) recvReady() bool { return !c.isNil && (len(c.buf) > 0 || c.closed) }
func (c *stressChan) sendReady() bool { return !c.isNil && (c.closed || len(c.buf) < c.cap) }

// stressGen writes the program of several seeds.
type stressGen struct {
	r    *rand.Rand
	b    strings.Builder
	next int // the next value sent
}

func (g *stressGen) linef(format string, args ...any) {
	fmt.Fprintf(&g.b, format, args...)
	g.b.WriteByte('\n')
}

// value returns a new value of type elem: its Go source (an untyped constant) and how
// fmt.Println prints it.
func (g *stressGen) value(elem string) (src, printed string) {
	g.next++
	n := g.next
	switch elem {
	case "int8":
		n = n%200 - 100
		return fmt.Sprint(n), fmt.Sprint(n)
	case "float32":
		return fmt.Sprintf("%d.5", n), fmt.Sprintf("%d.5", n)
	case "string":
		return fmt.Sprintf("%q", fmt.Sprintf("s%d", n)), fmt.Sprintf("s%d", n)
	}
	return fmt.Sprint(n), fmt.Sprint(n)
}

// section writes func sectionN, which runs selects over a few channels.
func (g *stressGen) section(seed int) {
	g.r = rand.New(rand.NewPCG(uint64(seed), 29))
	elems := []string{"int", "int8", "float32", "string"}
	var chans []*stressChan
	g.linef("func section%d() {", seed)
	g.linef("\tfmt.Println(\"section %d\")", seed)
	for i := 0; i < 3+g.r.IntN(3); i++ {
		c := &stressChan{name: fmt.Sprintf("c%d", i), elem: elems[g.r.IntN(len(elems))]}
		switch g.r.IntN(5) {
		case 0:
			c.isNil = true
			g.linef("\tvar %s chan %s", c.name, c.elem)
		default:
			c.cap = g.r.IntN(4)
			g.linef("\t%s := make(chan %s, %d)", c.name, c.elem, c.cap)
			for k := g.r.IntN(c.cap + 1); k > 0; k-- {
				src, printed := g.value(c.elem)
				g.linef("\t%s <- %s", c.name, src)
				c.buf = append(c.buf, printed)
			}
			if g.r.IntN(4) == 0 {
				c.closed = true
				g.linef("\tclose(%s)", c.name)
			}
		}
		chans = append(chans, c)
	}
	for _, c := range chans {
		g.linef("\tvar %sv %s", c.name, c.elem)
		g.linef("\tvar %sok bool", c.name)
		g.linef("\t_, _ = %sv, %sok", c.name, c.name)
	}
	for step := 0; step < 8; step++ {
		if g.r.IntN(6) == 0 {
			g.close(chans[g.r.IntN(len(chans))])
		} else {
			g.selectStmt(chans, step)
		}
		var lens []string
		for _, c := range chans {
			lens = append(lens, fmt.Sprintf("len(%s), cap(%s)", c.name, c.name))
		}
		g.linef("\tfmt.Println(%s)", strings.Join(lens, ", "))
	}
	g.linef("}")
	g.linef("")
}

// close writes a close of c, in a function that recovers its panic.
func (g *stressGen) close(c *stressChan) {
	g.linef("\tfunc() {")
	g.linef("\t\tdefer func() { fmt.Println(\"recovered:\", recover()) }()")
	g.linef("\t\tclose(%s)", c.name)
	g.linef("\t}()")
	if !c.isNil {
		c.closed = true
	}
}

type stressCase struct {
	c    *stressChan
	send bool
	form int
}

// selectStmt writes a select with at most one ready case, in a function that recovers
// the panic of a send on a closed channel.
func (g *stressGen) selectStmt(chans []*stressChan, step int) {
	var cases []stressCase
	ready := -1
	for len(cases) < 1+g.r.IntN(4) {
		k := stressCase{c: chans[g.r.IntN(len(chans))], send: g.r.IntN(3) == 0, form: g.r.IntN(7)}
		isReady := k.c.recvReady()
		if k.send {
			isReady = k.c.sendReady()
		}
		if isReady {
			if ready >= 0 {
				continue
			}
			ready = len(cases)
		}
		cases = append(cases, k)
	}
	withDefault := ready < 0 || g.r.IntN(3) == 0
	g.linef("\tfunc() {")
	g.linef("\t\tdefer func() {")
	g.linef("\t\t\tif r := recover(); r != nil {")
	g.linef("\t\t\t\tfmt.Println(\"recovered:\", r)")
	g.linef("\t\t\t}")
	g.linef("\t\t}()")
	g.linef("\t\tselect {")
	for i, k := range cases {
		c := k.c
		tag := fmt.Sprintf("%d.%d", step, i)
		chanExpr := c.name
		if k.form%2 == 0 {
			chanExpr = fmt.Sprintf("op(%q, %s)", tag, c.name)
		}
		if k.send {
			src, printed := g.value(c.elem)
			if k.form >= 4 {
				src = fmt.Sprintf("val(%q, %s(%s))", tag, c.elem, src)
			}
			g.linef("\t\tcase %s <- %s:", chanExpr, src)
			g.linef("\t\t\tfmt.Println(\"case %s sent\")", tag)
			if i == ready && !c.closed {
				c.buf = append(c.buf, printed)
			}
			continue
		}
		switch k.form {
		case 0, 1:
			g.linef("\t\tcase x := <-%s:", chanExpr)
			g.linef("\t\t\tfmt.Println(\"case %s received\", x)", tag)
		case 2:
			g.linef("\t\tcase x, ok := (<-%s):", chanExpr)
			g.linef("\t\t\tfmt.Println(\"case %s received\", x, ok)", tag)
		case 3:
			g.linef("\t\tcase %sv = <-%s:", c.name, chanExpr)
			g.linef("\t\t\tfmt.Println(\"case %s received\", %sv)", tag, c.name)
		case 4:
			g.linef("\t\tcase %sv, %sok = <-%s:", c.name, c.name, chanExpr)
			g.linef("\t\t\tfmt.Println(\"case %s received\", %sv, %sok)", tag, c.name, c.name)
		default:
			g.linef("\t\tcase <-%s:", chanExpr)
			g.linef("\t\t\tfmt.Println(\"case %s received\")", tag)
		}
		if i == ready && len(c.buf) > 0 {
			c.buf = c.buf[1:]
		}
	}
	if withDefault {
		g.linef("\t\tdefault:")
		g.linef("\t\t\tfmt.Println(\"default %d\")", step)
	}
	g.linef("\t\t}")
	g.linef("\t}()")
}

// selectStressProgram returns the program of seeds first to last.
func selectStressProgram(first, last int) string {
	g := &stressGen{}
	g.linef("package main")
	g.linef("")
	g.linef("import \"fmt\"")
	g.linef("")
	g.linef("func op[C any](tag string, c C) C {")
	g.linef("\tfmt.Println(\"operand\", tag)")
	g.linef("\treturn c")
	g.linef("}")
	g.linef("")
	g.linef("func val[T any](tag string, v T) T {")
	g.linef("\tfmt.Println(\"value\", tag)")
	g.linef("\treturn v")
	g.linef("}")
	g.linef("")
	for s := first; s <= last; s++ {
		g.section(s)
	}
	g.linef("func main() {")
	for s := first; s <= last; s++ {
		g.linef("\tsection%d()", s)
	}
	g.linef("}")
	return g.b.String()
}

// Selects over nil, closed and buffered channels, seeds 1-60 in one program, run in a
// cell and compared line by line with go run.
func TestSelectStressAgainstGo(t *testing.T) {
	src := selectStressProgram(1, 60)
	want, _ := goRun(t, src)
	got := cellStdout(t, strings.TrimPrefix(src, "package main\n\n"))
	if got != want {
		t.Fatalf("the cell prints other than go run (the program: selectStressProgram(1, 60)), %s", corpus.Diff(want, got))
	}
}
