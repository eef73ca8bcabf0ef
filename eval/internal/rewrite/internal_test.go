package rewrite

import (
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"strings"
	"testing"

	"github.com/peerbook/peerbook/eval/internal/stdlib"
)

func TestParseVerbs(t *testing.T) {
	for _, tc := range []struct {
		format string
		want   string
		ok     bool
	}{
		{"%d %s %v", "dsv", true},
		{"100%% %T and %+v", "Tv", true},
		{"%*d|%-*.*f", "\x00d\x00\x00f", true},
		{"%[2]d %[1]d", "", false},
		{"%5.2f%q%x%é", "fqxé", true},
	} {
		verbs, ok := parseVerbs(tc.format)
		if ok != tc.ok || (ok && string(verbs) != tc.want) {
			t.Errorf("parseVerbs(%q) = %q, %v; want %q, %v", tc.format, string(verbs), ok, tc.want, tc.ok)
		}
	}
}

func TestConstLiteral(t *testing.T) {
	for _, tc := range []struct {
		v    constant.Value
		t    types.Type
		want string
	}{
		{constant.MakeInt64(-3), types.Typ[types.UntypedInt], "-3"},
		{constant.MakeFloat64(2), types.Typ[types.UntypedFloat], "2.0"},
		{constant.MakeFloat64(2.5), types.Typ[types.Float64], "2.5"},
		{constant.MakeInt64('a'), types.Typ[types.UntypedRune], "'a'"},
		{constant.MakeString("a\"b"), types.Typ[types.UntypedString], `"a\"b"`},
		{constant.MakeBool(true), types.Typ[types.UntypedBool], "true"},
	} {
		if got := ConstLiteral(tc.v, tc.t); got != tc.want {
			t.Errorf("ConstLiteral(%v) = %s, want %s", tc.v, got, tc.want)
		}
	}
}

// The importer gives go/types the binary packages as yaegi exports them.
func TestImporterConvertsBinaryPackages(t *testing.T) {
	im := NewImporter(func(path string) map[string]reflect.Value {
		return stdlib.Symbols[path+"/"+path[strings.LastIndex(path, "/")+1:]]
	}, nil)
	tp, err := im.Import("time")
	if err != nil {
		t.Fatal(err)
	}
	d, ok := tp.Scope().Lookup("Duration").(*types.TypeName)
	if !ok {
		t.Fatal("time.Duration is not a type")
	}
	if ms := types.NewMethodSet(d.Type()); ms.Lookup(nil, "String") == nil {
		t.Error("time.Duration has no String method")
	}
	sec, ok := tp.Scope().Lookup("Second").(*types.Const)
	if !ok || !types.Identical(sec.Type(), d.Type()) || sec.Val().String() != "1000000000" {
		t.Errorf("time.Second = %v", tp.Scope().Lookup("Second"))
	}
	mp, err := im.Import("math")
	if err != nil {
		t.Fatal(err)
	}
	if pi := mp.Scope().Lookup("Pi").(*types.Const); pi.Type() != types.Typ[types.UntypedFloat] {
		t.Errorf("math.Pi has type %v", pi.Type())
	}
	fp, err := im.Import("fmt")
	if err != nil {
		t.Fatal(err)
	}
	sig := fp.Scope().Lookup("Println").Type().(*types.Signature)
	if !sig.Variadic() || sig.Results().Len() != 2 {
		t.Errorf("fmt.Println: %v", sig)
	}
	op, err := im.Import("os")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := op.Scope().Lookup("Stdout").(*types.Var); !ok {
		t.Error("os.Stdout is not a variable")
	}
	if _, err := im.Import("no/such/package"); err == nil {
		t.Error("importing an unknown package succeeded")
	}
}

func TestReflectNameMatchesReflect(t *testing.T) {
	pkg := types.NewPackage("main", "main")
	named := types.NewNamed(types.NewTypeName(token.NoPos, pkg, "T", nil), types.NewStruct(nil, nil), nil)
	for _, tc := range []struct {
		t    types.Type
		want string
	}{
		{types.NewSlice(named), "[]main.T"},
		{types.NewMap(types.Typ[types.String], types.NewPointer(named)), "map[string]*main.T"},
		{types.NewSlice(types.Typ[types.Byte]), reflect.TypeOf([]byte{}).String()},
		{types.NewSignatureType(nil, nil, nil, types.NewTuple(types.NewParam(token.NoPos, nil, "", types.Typ[types.Int])),
			types.NewTuple(types.NewParam(token.NoPos, nil, "", types.Typ[types.String])), false), reflect.TypeOf(func(int) string { return "" }).String()},
		{types.NewInterfaceType(nil, nil), reflect.TypeOf((*any)(nil)).Elem().String()},
		{types.NewStruct([]*types.Var{types.NewField(token.NoPos, pkg, "X", types.Typ[types.Int], false)}, nil), reflect.TypeOf(struct{ X int }{}).String()},
	} {
		if got := reflectName(tc.t); got != tc.want {
			t.Errorf("reflectName(%v) = %q, want %q", tc.t, got, tc.want)
		}
	}
}

func TestPreludeFunctionsAreRenamed(t *testing.T) {
	src, names, err := preludeFuncs("slices", preludeSlices)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"Sort", "Max", "Collect", "Insert", "Chunk"} {
		if !names[n] {
			t.Errorf("%s is not exported by the prelude", n)
		}
		if !strings.Contains(src, "func _pb_slices_"+n+"[") {
			t.Errorf("%s is not renamed", n)
		}
	}
	if strings.Contains(src, "zeroTail[") && !strings.Contains(src, "_pb_slices_zeroTail[") {
		t.Error("calls of unexported prelude functions are not renamed")
	}
	if !strings.Contains(src, "_pbrt.SortFunc(") {
		t.Error("selectors of other packages were renamed")
	}
}

// A compiled type implements the interfaces of its package that have unexported methods
// (ast.Expr's exprNode) for the check as it does in Go: reflect lists no unexported method
// of a type, and e.(*ast.BinaryExpr) was "impossible" (*ast.BinaryExpr "does not
// implement ast.Expr (missing method exprNode)").
func TestImporterUnexportedInterfaceMethods(t *testing.T) {
	im := NewImporter(func(path string) map[string]reflect.Value {
		return stdlib.Symbols[path+"/"+path[strings.LastIndex(path, "/")+1:]]
	}, nil)
	ap, err := im.Import("go/ast")
	if err != nil {
		t.Fatal(err)
	}
	typ := func(name string) types.Type { return ap.Scope().Lookup(name).Type() }
	expr := typ("Expr").Underlying().(*types.Interface)
	stmt := typ("Stmt").Underlying().(*types.Interface)
	for _, c := range []struct {
		t          types.Type
		iface      *types.Interface
		name       string
		implements bool
	}{
		{types.NewPointer(typ("BinaryExpr")), expr, "*ast.BinaryExpr Expr", true},
		{types.NewPointer(typ("Ident")), expr, "*ast.Ident Expr", true},
		{types.NewPointer(typ("ReturnStmt")), stmt, "*ast.ReturnStmt Stmt", true},
		{types.NewPointer(typ("ReturnStmt")), expr, "*ast.ReturnStmt Expr", false},
		{typ("BinaryExpr"), expr, "ast.BinaryExpr Expr (pointer receivers)", false},
	} {
		if got := types.Implements(c.t, c.iface); got != c.implements {
			t.Errorf("%s: Implements = %v, want %v", c.name, got, c.implements)
		}
	}
}

// A compiled function's iter.Seq[string] is the instance of the iter source's generic
// Seq, so that generic code infers its type arguments from it: slices.Collect of
// strings.SplitSeq(s, ",") failed to compile ("does not match iter.Seq[E] (cannot infer
// E)").
func TestImporterCompiledGenericInstances(t *testing.T) {
	im := NewImporter(func(path string) map[string]reflect.Value {
		return stdlib.Symbols[path+"/"+path[strings.LastIndex(path, "/")+1:]]
	}, TypeSources())
	sp, err := im.Import("strings")
	if err != nil {
		t.Fatal(err)
	}
	ip, err := im.Import("iter")
	if err != nil {
		t.Fatal(err)
	}
	seq := ip.Scope().Lookup("Seq").Type()
	want, err := types.Instantiate(nil, seq, []types.Type{types.Typ[types.String]}, true)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"SplitSeq", "Lines", "FieldsSeq"} {
		obj := sp.Scope().Lookup(name)
		if obj == nil {
			t.Fatalf("strings.%s is missing", name)
		}
		got := obj.Type().(*types.Signature).Results().At(0).Type()
		if !types.Identical(got, want) {
			t.Errorf("strings.%s returns %v, want the instance %v", name, got, want)
		}
	}
	bp, err := im.Import("bytes")
	if err != nil {
		t.Fatal(err)
	}
	wantBytes, _ := types.Instantiate(nil, seq, []types.Type{types.NewSlice(types.Typ[types.Byte])}, true)
	got := bp.Scope().Lookup("SplitSeq").Type().(*types.Signature).Results().At(0).Type()
	if !types.Identical(got, wantBytes) {
		t.Errorf("bytes.SplitSeq returns %v, want %v", got, wantBytes)
	}
}
