package mm

import (
	"testing"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

const naiveSrc = `
func naive(a, b, c []float64, n int) {
	for i := 0; i < n; i++ {
		for k := 0; k < n; k++ {
			aik := a[i*n+k]
			for j := 0; j < n; j++ {
				c[i*n+j] += aik * b[k*n+j]
			}
		}
	}
}
`

func naive(a, b, c []float64, n int) {
	for i := 0; i < n; i++ {
		for k := 0; k < n; k++ {
			aik := a[i*n+k]
			for j := 0; j < n; j++ {
				c[i*n+j] += aik * b[k*n+j]
			}
		}
	}
}

func mats() (a, b, c []float64) {
	a, b, c = make([]float64, n*n), make([]float64, n*n), make([]float64, n*n)
	for i := range a {
		a[i], b[i] = float64(i%7), float64(i%5)
	}
	return
}

// The loops gonum's pure-Go kernels run, compiled and interpreted: what interpreting a
// library's source costs.
func BenchmarkNaiveMulCompiled(b *testing.B) {
	x, y, z := mats()
	for b.Loop() {
		naive(x, y, z, n)
	}
}

func BenchmarkNaiveMulInterpreted(b *testing.B) {
	in := interp.New(interp.Options{})
	in.Use(stdlib.Symbols)
	if _, err := in.Eval(naiveSrc); err != nil {
		b.Fatal(err)
	}
	v, _ := in.Eval("naive")
	f := v.Interface().(func(a, b, c []float64, n int))
	x, y, z := mats()
	b.ResetTimer()
	for b.Loop() {
		f(x, y, z, n)
	}
}
