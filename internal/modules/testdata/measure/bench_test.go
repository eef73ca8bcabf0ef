package mm

import (
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
	"gonum.org/v1/gonum/mat"

	"mm/syms" // generated: see README.md
)

const n = 500

func dense() *mat.Dense {
	r := rand.New(rand.NewPCG(1, 2))
	d := make([]float64, n*n)
	for i := range d {
		d[i] = r.Float64()
	}
	return mat.NewDense(n, n, d)
}

func BenchmarkMulCompiledGo(b *testing.B) {
	x, y := dense(), dense()
	var c mat.Dense
	for b.Loop() {
		c.Mul(x, y)
	}
}

const cell = `
import (
	"math/rand/v2"
	"gonum.org/v1/gonum/mat"
)

func dense() *mat.Dense {
	r := rand.New(rand.NewPCG(1, 2))
	d := make([]float64, 500*500)
	for i := range d {
		d[i] = r.Float64()
	}
	return mat.NewDense(500, 500, d)
}

var x, y = dense(), dense()
var c mat.Dense

func run(k int) {
	for i := 0; i < k; i++ {
		c.Mul(x, y)
	}
}
`

func newInterp(b testing.TB, gopath string) *interp.Interpreter {
	in := interp.New(interp.Options{GoPath: gopath, BuildTags: []string{"noasm"}})
	in.Use(stdlib.Symbols)
	if gopath == "" {
		in.Use(syms.Symbols)
	}
	return in
}

func bench(b *testing.B, gopath string) {
	in := newInterp(b, gopath)
	t0 := time.Now()
	if _, err := in.Eval(cell); err != nil {
		b.Fatal(err)
	}
	b.Logf("first import + setup: %v", time.Since(t0))
	v, err := in.Eval("run")
	if err != nil {
		b.Fatal(err)
	}
	run := v.Interface().(func(int))
	b.ResetTimer()
	run(b.N)
}

func BenchmarkMulCellCompiledLib(b *testing.B) { bench(b, "") }

// Per iteration a whole cell statement: what a user sees running `c.Mul(x, y)` in a cell.
func BenchmarkMulCellStatement(b *testing.B) {
	in := newInterp(b, "")
	if _, err := in.Eval(cell); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := in.Eval("c.Mul(x, y)"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkMulCellInterpretedLib(b *testing.B) { bench(b, "/tmp/gp") }

func TestHumanize(t *testing.T) {
	for _, gp := range []string{"", "/tmp/gp"} {
		in := interp.New(interp.Options{GoPath: gp})
		in.Use(stdlib.Symbols)
		if gp == "" {
			in.Use(syms.Symbols)
		}
		t0 := time.Now()
		_, err := in.Eval(`import "github.com/dustin/go-humanize"`)
		var v reflect.Value
		if err == nil {
			v, err = in.Eval(`humanize.Bytes(82854982) + " " + humanize.Comma(1234567) + " " + humanize.Ftoa(3.25)`)
		}
		t.Logf("gopath=%q: %v %v (%v)", gp, v, err, time.Since(t0))
	}
}

var _ = reflect.ValueOf
