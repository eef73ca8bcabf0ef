// Package naming names what a built evaluator exports of third-party generic functions and
// types, so that the build (internal/modulegen) and the evaluator (package eval) agree on
// it.
//
// A generic function has no machine code until its type arguments are known, and yaegi's
// symbol tables can only hold compiled values. So the build does two things for each
// imported package with generics:
//
//   - it type-checks the notebook's cells against the package and compiles one instance per
//     use it finds (lo.Map[int, string]), exported under a mangled name
//     (Map__pb_0123456789, see Mangle and CanonTypes);
//   - it writes the generic declarations as Go source, twice: once for the evaluator's type
//     checker (TypeSource: the package's exported generics under their own names, bodies
//     left out), once for the interpreter (Interp: each declaration, with the unexported
//     helpers, constants and types it needs, renamed into the session's package by
//     InterpName), or the reason it can't be interpreted.
//
// The evaluator type-checks a cell against the TypeSource, so it knows each use's type
// arguments as Go infers them; a use with a compiled instance calls it, any other (a type
// the notebook declares among the type arguments, a use the build did not see) runs the
// interpreted declaration, loaded into the session on first use.
package naming

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"go/types"
	"regexp"
	"strconv"
	"strings"
)

// Table is the symbol, in a package's symbol table, whose value (a map[string]string) lists
// the package's generic declarations and the instances the build could not make.
const Table = "_pb_generics"

// Key prefixes of the table.
const (
	// DeclPrefix + name -> the number of type parameters, a newline, the declaration's
	// signature.
	DeclPrefix = "decl:"
	// ExplicitPrefix + name + ":" + CanonTypes -> "!" + why the build made no instance
	// that was asked for (an instance that exists is found by its name).
	ExplicitPrefix = "explicit:"
)

// Interp is the symbol whose value (a map[string]string) holds the package's generic
// declarations as the interpreter runs them: InterpName of a declaration -> the names it
// needs (InterpName of other entries, "@" + import path of the packages it uses, one line,
// space-separated) followed by its source on the next lines, or "!" + why it can't be
// interpreted.
const Interp = "_pb_interp"

// TypeSource is the symbol whose value (a string) is a Go source file of the package's
// generic declarations for go/types: added to the compiled package's symbols by the
// evaluator's type checker (it may import the package itself to name compiled symbols).
const TypeSource = "_pb_typesrc"

// Mangle returns the symbol name of the instance of the generic name with the type
// arguments whose canonical form (see CanonTypes) is canon.
func Mangle(name, canon string) string {
	h := sha256.Sum256([]byte(canon))
	return name + "__pb_" + hex.EncodeToString(h[:5])
}

// IsInstance reports whether a symbol name is one Mangle made (completion leaves them out).
func IsInstance(sym string) bool {
	i := strings.LastIndex(sym, "__pb_")
	return i > 0 && len(sym)-i == len("__pb_")+10
}

// CanonTypes returns the canonical form of an instance's type arguments: "types:" and the
// types, comma-separated, with packages named by import path, byte and rune as uint8 and
// int32, interface{} as any. It is an error when a type argument can't be named outside
// the notebook: a type a cell declares (package main), a type parameter.
func CanonTypes(targs *types.TypeList) (string, error) {
	var b strings.Builder
	b.WriteString("types:")
	for i := range targs.Len() {
		if i > 0 {
			b.WriteString(",")
		}
		if err := canon(&b, targs.At(i), map[types.Type]bool{}); err != nil {
			return "", err
		}
	}
	return b.String(), nil
}

func canon(b *strings.Builder, t types.Type, busy map[types.Type]bool) error {
	switch t := t.(type) {
	case *types.Basic:
		b.WriteString(types.Typ[t.Kind()].Name())
	case *types.Alias:
		return canon(b, types.Unalias(t), busy)
	case *types.Named:
		obj := t.Obj()
		if obj.Pkg() == nil {
			b.WriteString(obj.Name()) // error
			return nil
		}
		switch path := obj.Pkg().Path(); {
		case path == "main" || obj.Parent() != obj.Pkg().Scope():
			return fmt.Errorf("type argument %s is declared in the notebook", obj.Name())
		case !obj.Exported():
			return fmt.Errorf("type argument %s.%s is not exported: an instance can't be compiled outside its package", obj.Pkg().Name(), obj.Name())
		case internalPath(path):
			return fmt.Errorf("type argument %s.%s is in an internal package (%s): an instance can't be compiled outside its module", obj.Pkg().Name(), obj.Name(), path)
		}
		b.WriteString(obj.Pkg().Path() + "." + obj.Name())
		if ta := t.TypeArgs(); ta != nil && ta.Len() > 0 {
			b.WriteString("[")
			for i := range ta.Len() {
				if i > 0 {
					b.WriteString(",")
				}
				if err := canon(b, ta.At(i), busy); err != nil {
					return err
				}
			}
			b.WriteString("]")
		}
	case *types.Pointer:
		b.WriteString("*")
		return canon(b, t.Elem(), busy)
	case *types.Slice:
		b.WriteString("[]")
		return canon(b, t.Elem(), busy)
	case *types.Array:
		fmt.Fprintf(b, "[%d]", t.Len())
		return canon(b, t.Elem(), busy)
	case *types.Map:
		b.WriteString("map[")
		if err := canon(b, t.Key(), busy); err != nil {
			return err
		}
		b.WriteString("]")
		return canon(b, t.Elem(), busy)
	case *types.Chan:
		switch t.Dir() {
		case types.SendOnly:
			b.WriteString("chan<- ")
		case types.RecvOnly:
			b.WriteString("<-chan ")
		default:
			b.WriteString("chan ")
		}
		return canon(b, t.Elem(), busy)
	case *types.Signature:
		b.WriteString("func(")
		if err := tuple(b, t.Params(), t.Variadic(), busy); err != nil {
			return err
		}
		b.WriteString(")(")
		if err := tuple(b, t.Results(), false, busy); err != nil {
			return err
		}
		b.WriteString(")")
	case *types.Interface:
		if t.Empty() {
			b.WriteString("any")
			return nil
		}
		return fmt.Errorf("type argument %s: an interface literal can't be a type argument of a compiled generic (name a declared interface type)", t)
	case *types.Struct:
		if busy[t] {
			return fmt.Errorf("type argument %s: a recursive struct literal", t)
		}
		busy[t] = true
		b.WriteString("struct{")
		for i := range t.NumFields() {
			f := t.Field(i)
			if !f.Exported() {
				return fmt.Errorf("type argument %s has unexported fields: name a declared type", t)
			}
			if i > 0 {
				b.WriteString(";")
			}
			if !f.Embedded() {
				b.WriteString(f.Name() + " ")
			}
			if err := canon(b, f.Type(), busy); err != nil {
				return err
			}
			if tag := t.Tag(i); tag != "" {
				fmt.Fprintf(b, " %q", tag)
			}
		}
		b.WriteString("}")
	case *types.TypeParam:
		return fmt.Errorf("type argument %s is a type parameter", t.Obj().Name())
	default:
		return fmt.Errorf("type argument %s: this form can't be a type argument of a compiled generic", t)
	}
	return nil
}

// internalPath reports whether the package path has an internal element: only its own
// module may import it.
func internalPath(p string) bool {
	return p == "internal" || strings.HasPrefix(p, "internal/") || strings.HasSuffix(p, "/internal") || strings.Contains(p, "/internal/")
}

func tuple(b *strings.Builder, tup *types.Tuple, variadic bool, busy map[types.Type]bool) error {
	for i := range tup.Len() {
		if i > 0 {
			b.WriteString(",")
		}
		t := tup.At(i).Type()
		if variadic && i == tup.Len()-1 {
			b.WriteString("...")
			if s, ok := t.(*types.Slice); ok {
				t = s.Elem()
			}
		}
		if err := canon(b, t, busy); err != nil {
			return err
		}
	}
	return nil
}

// InterpName is the name, in the session's package, of the interpreted copy of the
// package-level declaration name of the package pkgName at path:
// _pbm_PKGNAME_HASH_NAME. Display turns it back into PKGNAME.NAME.
func InterpName(pkgName, path, name string) string {
	return "_pbm_" + pkgName + "_" + pathHash(path) + "_" + name
}

// ImportAlias is the name the interpreted declarations import the package at path by.
func ImportAlias(pkgName, path string) string {
	return "_pbi_" + pkgName + "_" + pathHash(path)
}

func pathHash(path string) string {
	h := sha256.Sum256([]byte(path))
	return hex.EncodeToString(h[:3])
}

var interpRE = regexp.MustCompile(`(?:\bmain\.)?_pb[mi]_(\w+?)_[0-9a-f]{6}(_|\b)`)

// Display writes the names InterpName and ImportAlias made as Go writes the declarations
// they stand for: main._pbm_lo_0a1b2c_Tuple2[main.User,int] as lo.Tuple2[main.User,int].
func Display(s string) string {
	if !strings.Contains(s, "_pb") {
		return s
	}
	return interpRE.ReplaceAllStringFunc(s, func(m string) string {
		sub := interpRE.FindStringSubmatch(m)
		if sub[2] == "_" {
			return sub[1] + "."
		}
		return sub[1]
	})
}

// NoInstance is in the error of a cell whose use of a compiled generic has no instance in
// the evaluator and can't be interpreted, because the build did not see the use (not
// because it can't be compiled): the process that starts evaluators may build again with
// the cell and move the session.
const NoInstance = "this evaluator was built without an instance"

// RequestText is written in a NoInstance error after the use's description: the instance
// the use needs, which the process that starts evaluators passes to the build (Requests).
func RequestText(path, name, canon string) string {
	return "[instance " + path + " " + name + " " + strconv.Quote(canon) + "]"
}

var requestRE = regexp.MustCompile(`\[instance (\S+) (\S+) ("(?:[^"\\]|\\.)*")\]`)

// Requests returns the instances the RequestTexts in s ask for, each "PATH NAME CANON".
func Requests(s string) []string {
	var out []string
	for _, m := range requestRE.FindAllStringSubmatch(s, -1) {
		if canon, err := strconv.Unquote(m[3]); err == nil {
			out = append(out, m[1]+" "+m[2]+" "+canon)
		}
	}
	return out
}

// Docs is the symbol, in a package's symbol table, whose value (a map[string]string) maps
// each exported name of the package ("T.M" for methods) to its signature and, after a blank
// line, its doc comment: what inspect shows.
const Docs = "_pb_docs"

// Hidden reports whether a symbol of a package's table is one of peerbook's (Table, Docs,
// instances): completion leaves them out.
func Hidden(sym string) bool {
	return strings.HasPrefix(sym, "_pb_") || IsInstance(sym)
}
