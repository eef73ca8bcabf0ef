package rt

import (
	"math/rand/v2"
	"reflect"
)

// RandN is math/rand/v2's generic N for any integer type, compiled: n is a positive
// value of an integer kind (time.Duration, int, uint8...) and the result, in [0, n), has
// n's type. The interpreted generic rand.N (prelude/rand.go.txt) wraps it.
func RandN(n any) any {
	v := reflect.ValueOf(n)
	r := reflect.New(v.Type()).Elem()
	switch {
	case v.CanInt():
		if v.Int() <= 0 {
			panic("invalid argument to N")
		}
		r.SetInt(rand.Int64N(v.Int()))
	case v.CanUint():
		if v.Uint() == 0 {
			panic("invalid argument to N")
		}
		r.SetUint(rand.Uint64N(v.Uint()))
	default:
		panic("rand.N: " + v.Type().String() + " is not an integer type")
	}
	return r.Interface()
}
