package gosmith

import (
	"fmt"
	"strconv"
)

// ex is a generated expression: its source, and whether it is a constant (an
// operator on two constants is folded by the compiler, which refuses overflow, so the
// generator never combines two).
type ex struct {
	s   string
	cst bool
}

var intEdges = map[Kind][]string{
	KInt8:   {"127", "-128", "-1", "100"},
	KInt16:  {"32767", "-32768", "-1", "1000"},
	KInt32:  {"2147483647", "-2147483648", "-1", "65536"},
	KInt64:  {"9223372036854775807", "-9223372036854775808", "-1", "4294967296"},
	KInt:    {"9223372036854775807", "-9223372036854775808", "-1", "1000000007"},
	KUint8:  {"255", "128", "200"},
	KUint16: {"65535", "32768", "40000"},
	KUint32: {"4294967295", "2147483648", "3000000000"},
	KUint64: {"18446744073709551615", "9223372036854775808", "12345678901234567890"},
	KUint:   {"18446744073709551615", "9223372036854775808"},
}

var stringLits = []string{`""`, `"a"`, `"go"`, `"héllo"`, `"日本語"`, `"x y z"`, `"\t\n"`, `"\"q\""`, `"abc"`, `"Zz9"`, `"\x00\xff"`, `"ünï"`, `"a,b,,c"`, `"  pad  "`, `"€"`}

var floatLits = []string{"0.5", "1.5", "-2.25", "3.0", "1e10", "-1e-3", "0.1", "100.0", "6.02e23", "-0.0", "2.5e-8", "1234.5678"}

// basicLit returns a constant of the predeclared kind k, written so that it has the
// kind's default type when that is k.
func (g *gen) basicLit(k Kind) string {
	switch {
	case k == KBool:
		if g.chance(50) {
			return "true"
		}
		return "false"
	case k == KString:
		return stringLits[g.pick(len(stringLits))]
	case k.isFloat():
		return floatLits[g.pick(len(floatLits))]
	case k.isInt():
		if g.chance(20) {
			e := intEdges[k]
			return e[g.pick(len(e))]
		}
		if k.isUnsigned() {
			return strconv.Itoa(g.pick(20))
		}
		return strconv.Itoa(g.pick(21) - 10)
	}
	panic("basicLit of " + basicNames[k])
}

// lit returns a value of t written with constants (composite literals for composite
// types).
func (g *gen) lit(c *ctx, t *Type, d int) ex {
	switch {
	case t.Kind.isBasic():
		v := g.basicLit(t.Kind)
		if t.Name != "" || !isDefault(t.Kind, v) {
			return ex{s: t.String() + "(" + v + ")", cst: true}
		}
		return ex{s: v, cst: true}
	case t.Kind == KParam:
		if k := paramLit(t); k != "" {
			return ex{s: t.String() + "(" + k + ")"}
		}
		return ex{s: "*new(" + t.String() + ")"}
	}
	return g.composite(c, t, d)
}

// paramLit returns a constant every kind of t's constraint accepts, or "".
func paramLit(t *Type) string {
	if t.Cons.Kinds == nil {
		return ""
	}
	for _, k := range t.Cons.Kinds {
		if !k.isNumeric() {
			return ""
		}
	}
	return "3"
}

func isDefault(k Kind, v string) bool {
	switch k {
	case KBool, KString:
		return true
	case KInt:
		return true
	case KFloat64:
		return true
	}
	_ = v
	return false
}

// composite returns a composite literal (or a make/new) of t.
func (g *gen) composite(c *ctx, t *Type, d int) ex {
	elem := func(et *Type) string { return g.expr(c, et, d-1).s }
	switch t.Kind {
	case KSlice:
		if g.chance(10) {
			return ex{s: "make(" + t.String() + ", " + strconv.Itoa(g.pick(4)) + ")"}
		}
		if g.chance(5) {
			return ex{s: t.String() + "(nil)"}
		}
		n := g.pick(4)
		s := t.String() + "{"
		for i := 0; i < n; i++ {
			if i > 0 {
				s += ", "
			}
			s += elem(t.Elem)
		}
		return ex{s: s + "}"}
	case KArray:
		s := t.String() + "{"
		n := g.pick(t.Len + 1)
		for i := 0; i < n; i++ {
			if i > 0 {
				s += ", "
			}
			s += elem(t.Elem)
		}
		return ex{s: s + "}"}
	case KMap:
		if g.chance(10) {
			return ex{s: "make(" + t.String() + ")"}
		}
		keys := g.distinctKeys(t.Key, g.pick(4))
		s := t.String() + "{"
		for i, k := range keys {
			if i > 0 {
				s += ", "
			}
			s += k + ": " + elem(t.Elem)
		}
		return ex{s: s + "}"}
	case KStruct:
		s := t.String() + "{"
		if len(t.Fields) > 0 && g.chance(30) {
			for i, f := range t.Fields {
				if i > 0 {
					s += ", "
				}
				s += elem(f.Type)
			}
		} else {
			first := true
			for _, f := range t.Fields {
				if g.chance(25) && !f.Embedded {
					continue
				}
				if !first {
					s += ", "
				}
				first = false
				s += fieldName(f) + ": " + elem(f.Type)
			}
		}
		return ex{s: s + "}"}
	case KPtr:
		if t.Elem.Kind == KStruct && g.chance(60) {
			return ex{s: "&" + g.composite(c, t.Elem, d).s}
		}
		if v := g.addressable(c, t.Elem); v != "" {
			return ex{s: "&" + v}
		}
		return ex{s: "new(" + t.Elem.String() + ")"}
	case KChan:
		return ex{s: "make(" + t.String() + ", " + strconv.Itoa(1+g.pick(3)) + ")"}
	case KFunc:
		return g.funcLit(c, t, d)
	case KIface:
		return g.ifaceValue(c, t, d)
	}
	panic(fmt.Sprintf("composite of %v", t))
}

func fieldName(f Field) string {
	if f.Embedded {
		n := f.Type.String()
		if n[0] == '*' {
			n = n[1:]
		}
		return n
	}
	return f.Name
}

// distinctKeys returns up to n constant keys of type k, no two equal.
func (g *gen) distinctKeys(k *Type, n int) []string {
	var out []string
	start := g.pick(5)
	for i := 0; i < n; i++ {
		v := start + i
		var s string
		switch {
		case k.Kind == KString:
			s = strconv.Quote(fmt.Sprintf("k%d", v))
		case k.Kind == KBool:
			if i >= 2 {
				return out
			}
			s = []string{"false", "true"}[i]
		case k.Kind.isInt():
			s = strconv.Itoa(v)
		case k.Kind.isFloat():
			s = strconv.Itoa(v) + ".5"
		default:
			return out // keys of other types are not constants: none
		}
		if k.Name != "" || (k.Kind != KString && k.Kind != KInt && k.Kind != KBool) {
			s = k.String() + "(" + s + ")"
		}
		out = append(out, s)
	}
	return out
}
