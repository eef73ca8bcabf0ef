package p5

import "github.com/traefik/yaegi/_test/p4"

var (
	Value1 = &val1
	val1   = p4.Value1
)
