package rt

import (
	"fmt"
	"reflect"
	"regexp"
	"strings"

	"github.com/peerbook/peerbook/eval/internal/namedpool"
)

// structTypeName finds the cell type's name in the tag that yaegi puts on the first field
// of a struct type declared in a cell (`yaegi:"main.Point"`, PATCHES.md patch 5).
var structTypeName = regexp.MustCompile(`yaegi:\\?"([^"\\]+)`)

// ReflectArg is the argument of reflect.TypeOf or reflect.ValueOf (fn) in a cell when its
// static type is an interface, so that the rewriter could not refuse it at compile time:
// a value of a type declared in a cell (or holding one) would give reflect the
// interpreter's stand-in type, with no name of its own (namedpool.Float64_3, an unnamed
// struct), no methods and renamed unexported fields. It panics with a peerbook error for
// such a value and returns any other as it is.
func ReflectArg(fn string, v any) any {
	if v == nil {
		return nil
	}
	t := reflect.TypeOf(v)
	s := t.String()
	if !strings.Contains(s, "namedpool.") && !strings.Contains(s, `yaegi:`) && !strings.Contains(s, "interp.") {
		return v
	}
	name := namedpool.TypeString(t)
	if m := structTypeName.FindStringSubmatch(s); m != nil {
		name = m[1]
	} else if strings.Contains(s, "interp.") {
		name = "a type declared in a cell"
	}
	panic(fmt.Sprintf("peerbook: reflect.%s of a value of %s is not supported in cells: the reflect types of types declared in cells have no name, no methods and renamed unexported fields", fn, typeText(name)))
}

// typeText is "type T", or the phrase when the type has no name to give.
func typeText(name string) string {
	if strings.HasPrefix(name, "a type") {
		return name
	}
	return "type " + name
}
