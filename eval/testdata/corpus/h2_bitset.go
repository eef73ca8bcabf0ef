package main

import (
	"fmt"
	"math/bits"
	"strings"
)

type BitSet []uint64

func (b *BitSet) Set(i uint) {
	for int(i/64) >= len(*b) {
		*b = append(*b, 0)
	}
	(*b)[i/64] |= 1 << (i % 64)
}

func (b BitSet) Has(i uint) bool {
	return int(i/64) < len(b) && b[i/64]&(1<<(i%64)) != 0
}

func (b BitSet) Count() int {
	n := 0
	for _, w := range b {
		n += bits.OnesCount64(w)
	}
	return n
}

func (b BitSet) Union(o BitSet) BitSet {
	r := make(BitSet, max(len(b), len(o)))
	copy(r, b)
	for i, w := range o {
		r[i] |= w
	}
	return r
}

func (b BitSet) String() string {
	var sb strings.Builder
	sb.WriteByte('{')
	first := true
	for i, w := range b {
		for w != 0 {
			t := bits.TrailingZeros64(w)
			if !first {
				sb.WriteByte(' ')
			}
			first = false
			fmt.Fprint(&sb, i*64+t)
			w &^= 1 << t
		}
	}
	sb.WriteByte('}')
	return sb.String()
}

func sieve(n uint) BitSet {
	var composite BitSet
	composite.Set(n)
	var primes BitSet
	for i := uint(2); i < n; i++ {
		if !composite.Has(i) {
			primes.Set(i)
			for j := i * i; j < n; j += i {
				composite.Set(j)
			}
		}
	}
	return primes
}

func main() {
	var a BitSet
	for _, i := range []uint{1, 3, 64, 130} {
		a.Set(i)
	}
	var b BitSet
	b.Set(3)
	b.Set(200)
	fmt.Println(a, b, a.Union(b), a.Count(), len(a), a.Has(64), a.Has(65), a.Has(1000))
	fmt.Printf("%v %s %d\n", a, b, a.Union(b).Count())
	p := sieve(100)
	fmt.Println(p.Count(), p)
	fmt.Println([]BitSet{a, b})
	m := map[string]BitSet{"x": a}
	fmt.Println(m)
}
