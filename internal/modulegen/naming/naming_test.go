package naming

import (
	"go/types"
	"testing"
)

// The names of interpreted copies read as the generics they stand for.
func TestDisplay(t *testing.T) {
	lo := InterpName("lo", "github.com/samber/lo", "Tuple2")
	alias := ImportAlias("fmt", "fmt")
	for in, want := range map[string]string{
		"main." + lo + "[main.User,int]":  "lo.Tuple2[main.User,int]",
		"*" + lo + "[int,string]":         "*lo.Tuple2[int,string]",
		"undefined: " + alias + ".Printx": "undefined: fmt.Printx",
		"map[string][]main.User":          "map[string][]main.User",
		"cannot use x (variable of type " + InterpName("my_pkg", "a.b/my_pkg", "T") + ")": "cannot use x (variable of type my_pkg.T)",
	} {
		if got := Display(in); got != want {
			t.Errorf("Display(%q) = %q, want %q", in, got, want)
		}
	}
}

// Canonical type arguments name packages by path and refuse what only the notebook has.
func TestCanonTypes(t *testing.T) {
	pkg := types.NewPackage("example.com/x", "x")
	point := types.NewNamed(types.NewTypeName(0, pkg, "Point", nil), types.NewStruct(nil, nil), nil)
	hidden := types.NewNamed(types.NewTypeName(0, pkg, "hidden", nil), types.Typ[types.Int], nil)
	user := types.NewNamed(types.NewTypeName(0, types.NewPackage("main", "main"), "User", nil), types.NewStruct(nil, nil), nil)
	pkg.Scope().Insert(point.Obj()) // package-level, as a package's types are
	pkg.Scope().Insert(hidden.Obj())
	// The type arguments of an instance of a generic type with len(ts) parameters.
	canon := func(ts ...types.Type) (string, error) {
		var params []*types.TypeParam
		for range ts {
			params = append(params, types.NewTypeParam(types.NewTypeName(0, pkg, "T", nil), types.NewInterfaceType(nil, nil)))
		}
		g := types.NewNamed(types.NewTypeName(0, pkg, "G", nil), nil, nil)
		g.SetTypeParams(params)
		g.SetUnderlying(types.NewStruct(nil, nil))
		inst, err := types.Instantiate(nil, g, ts, false)
		if err != nil {
			t.Fatal(err)
		}
		return CanonTypes(inst.(*types.Named).TypeArgs())
	}
	if c, err := canon(types.Universe.Lookup("byte").Type(), types.NewSlice(point), types.NewMap(types.Typ[types.String], types.NewPointer(point))); err != nil || c != "types:uint8,[]example.com/x.Point,map[string]*example.com/x.Point" {
		t.Errorf("canon: %q, %v", c, err)
	}
	for _, bad := range []types.Type{user, types.NewSlice(user), hidden} {
		if c, err := canon(bad); err == nil {
			t.Errorf("%s: %q, want an error", bad, c)
		}
	}
}
