// Package naming names the instances of third-party generic functions and types that a
// built evaluator exports to cells, so that the build (internal/modulegen) and the
// evaluator (package eval) agree on them.
//
// A generic function has no machine code until its type arguments are known, and yaegi's
// symbol tables can only hold compiled values. So the build type-checks the notebook's
// cells against the module's packages, compiles one instance per use (lo.Map[int,
// string]) and exports it under a mangled name (Map__pb_0123456789); the evaluator maps
// each use in a cell to its instance's name before the cell is checked and run:
//
//   - a use with explicit type arguments (lo.Map[int, string](...), orderedmap.Map[string,
//     int]{}) by the type arguments as written (Canon of the expressions);
//   - a use whose type arguments are inferred (lo.Map(xs, f)) by where it is: the generic's
//     name, the text of its line and its column (SiteKey), as the build found it. A use the
//     build did not see (a cell edited since) is refused, never guessed.
//
// The table of a package (Table in its symbols) says which generic names exist and maps the
// keys to instance names, or to the reason an instance could not be made ("!" + reason).
package naming

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"go/ast"
	"go/token"
	"strconv"
	"strings"
)

// Table is the symbol, in a package's symbol table, whose value (a map[string]string) lists
// the package's generic declarations and the instances the build made.
const Table = "_pb_generics"

// Key prefixes of the table.
const (
	// DeclPrefix + name -> the declaration's signature, with its doc comment after a newline.
	DeclPrefix = "decl:"
	// SitePrefix + SiteKey -> the instance's symbol name, or "!" + why there is none.
	SitePrefix = "site:"
	// ExplicitPrefix + name + ":" + Canon -> "!" + why there is no instance (an instance
	// that exists is found by its name, Mangle(name, canon)).
	ExplicitPrefix = "explicit:"
)

// Mangle returns the symbol name of the instance of the generic name with the type
// arguments whose canonical form (see Canon) is canon.
func Mangle(name, canon string) string {
	h := sha256.Sum256([]byte(canon))
	return name + "__pb_" + hex.EncodeToString(h[:5])
}

// IsInstance reports whether a symbol name is one Mangle made (completion leaves them out).
func IsInstance(sym string) bool {
	i := strings.LastIndex(sym, "__pb_")
	return i > 0 && len(sym)-i == len("__pb_")+10
}

// SiteKey is the key of a use, without explicit type arguments, of the generic name: the
// text of the use's line (spaces around it trimmed) and the column of the name in it
// (bytes, from 1).
func SiteKey(name, line string, col int) string {
	trimmed := strings.TrimLeft(line, " \t")
	col -= len(line) - len(trimmed)
	h := sha256.Sum256([]byte(strings.TrimRight(trimmed, " \t\r")))
	return name + ":" + hex.EncodeToString(h[:8]) + ":" + strconv.Itoa(col)
}

// Canon returns the canonical form of type arguments as written: the types printed with
// packages named by import path ("[]gonum.org/v1/gonum/mat.Dense"), byte and rune as uint8
// and int32, interface{} as any. pkgPath maps a name a cell imports a package by to its
// path. A type it can't name so (a type the cells declare, or a form it does not know) is
// an error that names it.
func Canon(args []ast.Expr, pkgPath func(name string) (string, bool)) (string, error) {
	var b strings.Builder
	for i, a := range args {
		if i > 0 {
			b.WriteString(",")
		}
		if err := canonExpr(&b, a, pkgPath); err != nil {
			return "", err
		}
	}
	return b.String(), nil
}

// predeclared are the types a type argument may name without a package.
var predeclared = map[string]string{
	"bool": "bool", "string": "string", "error": "error", "any": "any",
	"int": "int", "int8": "int8", "int16": "int16", "int32": "int32", "int64": "int64",
	"uint": "uint", "uint8": "uint8", "uint16": "uint16", "uint32": "uint32", "uint64": "uint64",
	"uintptr": "uintptr", "float32": "float32", "float64": "float64",
	"complex64": "complex64", "complex128": "complex128", "byte": "uint8", "rune": "int32",
}

func canonExpr(b *strings.Builder, e ast.Expr, pkgPath func(string) (string, bool)) error {
	switch e := e.(type) {
	case *ast.ParenExpr:
		return canonExpr(b, e.X, pkgPath)
	case *ast.Ident:
		c, ok := predeclared[e.Name]
		if !ok {
			return fmt.Errorf("type argument %s is declared in the notebook: a generic of a compiled package is instantiated when the evaluator is built, with type arguments of Go's, the standard library's or the modules' (not types cells declare)", e.Name)
		}
		b.WriteString(c)
	case *ast.SelectorExpr:
		x, ok := e.X.(*ast.Ident)
		path, known := "", false
		if ok {
			path, known = pkgPath(x.Name)
		}
		if !known {
			return fmt.Errorf("type argument %s: not a package's type", exprString(e))
		}
		b.WriteString(path + "." + e.Sel.Name)
	case *ast.StarExpr:
		b.WriteString("*")
		return canonExpr(b, e.X, pkgPath)
	case *ast.ArrayType:
		if e.Len == nil {
			b.WriteString("[]")
		} else if lit, ok := e.Len.(*ast.BasicLit); ok && lit.Kind == token.INT {
			n, err := strconv.ParseInt(lit.Value, 0, 64)
			if err != nil {
				return fmt.Errorf("type argument %s: array length %s: %w", exprString(e), lit.Value, err)
			}
			fmt.Fprintf(b, "[%d]", n)
		} else {
			return fmt.Errorf("type argument %s: write the array's length as an integer literal", exprString(e))
		}
		return canonExpr(b, e.Elt, pkgPath)
	case *ast.MapType:
		b.WriteString("map[")
		if err := canonExpr(b, e.Key, pkgPath); err != nil {
			return err
		}
		b.WriteString("]")
		return canonExpr(b, e.Value, pkgPath)
	case *ast.ChanType:
		switch e.Dir {
		case ast.SEND:
			b.WriteString("chan<- ")
		case ast.RECV:
			b.WriteString("<-chan ")
		default:
			b.WriteString("chan ")
		}
		return canonExpr(b, e.Value, pkgPath)
	case *ast.FuncType:
		return canonFunc(b, e, pkgPath)
	case *ast.InterfaceType:
		if e.Methods == nil || len(e.Methods.List) == 0 {
			b.WriteString("any")
			return nil
		}
		return fmt.Errorf("type argument %s: an interface literal can't be a type argument of a compiled generic here (name a declared interface type)", exprString(e))
	default:
		return fmt.Errorf("type argument %s: this form can't be a type argument of a compiled generic here", exprString(e))
	}
	return nil
}

func canonFunc(b *strings.Builder, f *ast.FuncType, pkgPath func(string) (string, bool)) error {
	list := func(fl *ast.FieldList) error {
		if fl == nil {
			return nil
		}
		n := 0
		for _, fd := range fl.List {
			count := max(len(fd.Names), 1)
			for range count {
				if n > 0 {
					b.WriteString(",")
				}
				n++
				if el, ok := fd.Type.(*ast.Ellipsis); ok {
					b.WriteString("...")
					if err := canonExpr(b, el.Elt, pkgPath); err != nil {
						return err
					}
					continue
				}
				if err := canonExpr(b, fd.Type, pkgPath); err != nil {
					return err
				}
			}
		}
		return nil
	}
	b.WriteString("func(")
	if err := list(f.Params); err != nil {
		return err
	}
	b.WriteString(")(")
	if err := list(f.Results); err != nil {
		return err
	}
	b.WriteString(")")
	return nil
}

func exprString(e ast.Expr) string {
	var b strings.Builder
	writeExpr(&b, e)
	return b.String()
}

// writeExpr prints the type expressions Canon meets, for its messages.
func writeExpr(b *strings.Builder, e ast.Expr) {
	switch e := e.(type) {
	case *ast.Ident:
		b.WriteString(e.Name)
	case *ast.SelectorExpr:
		writeExpr(b, e.X)
		b.WriteString("." + e.Sel.Name)
	case *ast.StarExpr:
		b.WriteString("*")
		writeExpr(b, e.X)
	case *ast.ArrayType:
		b.WriteString("[")
		if e.Len != nil {
			writeExpr(b, e.Len)
		}
		b.WriteString("]")
		writeExpr(b, e.Elt)
	case *ast.MapType:
		b.WriteString("map[")
		writeExpr(b, e.Key)
		b.WriteString("]")
		writeExpr(b, e.Value)
	case *ast.BasicLit:
		b.WriteString(e.Value)
	case *ast.InterfaceType:
		b.WriteString("interface{...}")
	case *ast.FuncType:
		b.WriteString("func(...)")
	case *ast.StructType:
		b.WriteString("struct{...}")
	default:
		fmt.Fprintf(b, "%T", e)
	}
}

// NoInstance is in the error of a cell whose use of a compiled generic has no instance in
// the evaluator because the build did not see the use (not because it can't be compiled):
// the process that starts evaluators may build again with the cell and replay the session.
const NoInstance = "this evaluator was built without an instance"

// Docs is the symbol, in a package's symbol table, whose value (a map[string]string) maps
// each exported name of the package ("T.M" for methods) to its signature and, after a blank
// line, its doc comment: what inspect shows.
const Docs = "_pb_docs"

// Hidden reports whether a symbol of a package's table is one of peerbook's (Table, Docs,
// instances): completion leaves them out.
func Hidden(sym string) bool {
	return strings.HasPrefix(sym, "_pb_") || IsInstance(sym)
}
