package main

import "fmt"

// Where gc evaluates the key of a map entry assigned to. For a map whose key the
// runtime takes by address (keys of 1 or 2 bytes, bools, floats, interfaces, or an
// element over 128 bytes), a key that is not addressable (k+1, a conversion, -k, an
// assertion, a string's byte) is copied before the values' calls: a call that changes
// k does not move the entry, and a key that panics panics before the call. For an
// int64 or string key, and for an addressable key (k, s[i], st.a), the key is read
// after the values. In `m[k] = v` the value is evaluated before the key's index.

func try(name string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Println(name, "panic:", r)
		}
	}()
	f()
	fmt.Println(name, "ok")
}

var k8 int8 = 1
var k64 int64 = 1
var kf float64 = 1
var kb bool
var ks = "a"
var kst struct{ a int8 }
var calls int

func bump() int {
	k8 = 10
	k64 = 10
	kf = 10
	kb = true
	ks = "z"
	kst.a = 10
	calls++
	return calls
}

func reset() { k8, k64, kf, kb, ks, kst.a = 1, 1, 1, false, "a", 1 }

func two() (int, int) { return bump(), 0 }

type P struct{ a, b int32 }

type Big [20]int64

type Small int16

func main() {
	var empty []int8
	var zero int
	var ip *int8
	var any0 any = "s"
	var x int
	m8 := map[int8]int{}
	m64 := map[int64]int{}
	mf := map[float64]int{}
	mb := map[bool]int{}
	ms := map[string]int{}
	mp := map[P]int{}
	mbig := map[int64]Big{}
	ma := map[any]int{}
	mu16 := map[uint16]int{}
	msm := map[Small]int{}
	try("m8[k8+1]", func() { reset(); m8[k8+1] = bump() })
	try("m8[-k8]", func() { reset(); m8[-k8] = bump() })
	try("m8[int8(k64)]", func() { reset(); m8[int8(k64)] = bump() })
	try("m8[k8]", func() { reset(); m8[k8] = bump() })
	try("m8[kst.a]", func() { reset(); m8[kst.a] = bump() })
	try("m8[empty[0]]", func() { reset(); m8[empty[0]] = bump() })
	try("m8[int8(empty[0])]", func() { reset(); m8[int8(empty[0])] = bump() })
	try("m8[*ip]", func() { reset(); m8[*ip] = bump() })
	try("m8[-*ip]", func() { reset(); m8[-*ip] = bump() })
	try("m8[any0.(int8)]", func() { reset(); m8[any0.(int8)] = bump() })
	try("m8[int8(ks[5])]", func() { reset(); m8[int8(ks[5])] = bump() })
	try("m64[k64+1]", func() { reset(); m64[k64+1] = bump() })
	try("m64[int64(k8)]", func() { reset(); m64[int64(k8)] = bump() })
	try("m64[int64(empty[0])]", func() { reset(); m64[int64(empty[0])] = bump() })
	try("mf[kf+1]", func() { reset(); mf[kf+1] = bump() })
	try("mb[!kb]", func() { reset(); mb[!kb] = bump() })
	try("ms[ks+x]", func() { reset(); ms[ks+"x"] = bump() })
	try("mp[P{}]", func() { reset(); mp[P{int32(k8), 2}] = bump() })
	try("mbig[k64+1]", func() { reset(); mbig[k64+1] = Big{int64(bump())} })
	try("ma[k64+1]", func() { reset(); ma[k64+1] = bump() })
	try("mu16[uint16(k8)]", func() { reset(); mu16[uint16(k8)] = bump() })
	try("msm[Small(k8)*2]", func() { reset(); msm[Small(k8)*2] = bump() })
	try("m8[k8+1] +=", func() { reset(); m8[k8+1] += bump() })
	try("m8[k8+2], x =", func() { reset(); m8[k8+2], x = bump(), 3 })
	try("x, m8[k8+3] =", func() { reset(); x, m8[k8+3] = 3, bump() })
	try("m8[k8+4], x = two()", func() { reset(); m8[k8+4], x = two() })
	try("m8[int8(empty[0])] = 1 / zero", func() { m8[int8(empty[0])] = 1 / zero })
	try("m8[empty[0]] = 1 / zero", func() { m8[empty[0]] = 1 / zero })
	try("m64[int64(empty[0])] = 1 / zero", func() { m64[int64(empty[0])] = 1 / zero })
	try("m8[empty[0]] /= zero", func() { m8[empty[0]] /= zero })
	try("m8[int8(empty[0])] += 1 / zero", func() { m8[int8(empty[0])] += 1 / zero })
	try("m8[empty[0]], x = 1 / zero, 2", func() { m8[empty[0]], x = 1/zero, 2 })
	try("m8[int8(empty[0])] = closure", func() {
		m8[int8(empty[0])] = func() int {
			m8 = map[int8]int{3: 6}
			return 0
		}()
	})
	fmt.Println(m8, m64, mf, mb, ms, mp, len(mbig), ma, mu16, msm, x)
	for k, v := range mbig {
		fmt.Println(k, v[0])
	}
}
