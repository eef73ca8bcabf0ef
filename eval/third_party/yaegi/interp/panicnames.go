package interp

// peerbook patch 120: the runtime errors that name a cell's type name it as Go does.
// A cell type's reflect type is a pool type (patch 53: namedpool.String_0 for type N
// string) or, for a struct, a struct type whose first field's tag carries the type's
// name (patch 5: `yaegi:"main.S"`); a message made from the reflect type (Go's own
// runtime.TypeAssertionError, "comparing uncomparable type", "hash of unhashable type")
// named those, where Go says main.N and main.S.

import (
	"reflect"
	"runtime"
	"strconv"
	"strings"

	"github.com/peerbook/peerbook/eval/internal/namedpool"
)

// cellTypeNames rewrites the reflect type strings in s as the cell types they stand
// for: pool types by the name of the cell type that holds them, and struct types that
// carry an identity tag by the name in the tag.
func cellTypeNames(s string) string {
	return structTypeNames(namedpool.Names(s))
}

// structTypeNames replaces each `struct { ... }` of s whose first field carries an
// identity tag (identityTag's) by the name in the tag, its declaration suffix ("#12",
// a local type's) left out as Go prints a local type. Inner structs are replaced first,
// so an outer struct whose first field is an inner one is still recognised.
func structTypeNames(s string) string {
	const open = "struct {"
	if !strings.Contains(s, `yaegi:\"`) {
		return s
	}
	end := len(s)
	for {
		i := strings.LastIndex(s[:end], open)
		if i < 0 {
			return s
		}
		end = i
		j, ok := closingBrace(s, i+len(open))
		if !ok {
			continue
		}
		name, ok := identityName(s[i+len(open) : j])
		if !ok {
			continue
		}
		s = s[:i] + name + s[j+1:]
	}
}

// closingBrace returns the index of the brace that closes the one just before s[from],
// quoted strings (field tags) skipped.
func closingBrace(s string, from int) (int, bool) {
	depth := 1
	for k := from; k < len(s); k++ {
		switch s[k] {
		case '"':
			q, err := strconv.QuotedPrefix(s[k:])
			if err != nil {
				return 0, false
			}
			k += len(q) - 1
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return k, true
			}
		}
	}
	return 0, false
}

// identityName returns the type name in the identity tag of the first field of body,
// the text between a struct type's braces.
func identityName(body string) (string, bool) {
	// The first field ends at the first ';' outside quotes and braces, or with body.
	depth := 0
	field := body
scan:
	for k := 0; k < len(body); k++ {
		switch body[k] {
		case '"':
			q, err := strconv.QuotedPrefix(body[k:])
			if err != nil {
				return "", false
			}
			k += len(q) - 1
		case '{':
			depth++
		case '}':
			depth--
		case ';':
			if depth == 0 {
				field = body[:k]
				break scan
			}
		}
	}
	field = strings.TrimSpace(field)
	if !strings.HasSuffix(field, `"`) {
		return "", false
	}
	i := strings.LastIndex(field[:len(field)-1], ` "`)
	for ; i >= 0; i = strings.LastIndex(field[:i], ` "`) {
		if q, err := strconv.QuotedPrefix(field[i+1:]); err == nil && len(q) == len(field)-i-1 {
			tag, err := strconv.Unquote(q)
			if err != nil {
				return "", false
			}
			name, ok := reflect.StructTag(tag).Lookup("yaegi")
			if !ok || name == "" {
				return "", false
			}
			name, _, _ = strings.Cut(name, "#")
			return name, true
		}
	}
	return "", false
}

// cellNamedPanic returns r, a value a panic raised, with its message naming cell types
// as Go does where r is an error of package runtime (a type assertion's, a comparison's
// or a map's) that names them by their reflect types: a runtime.Error of the
// interpreter's with the message rewritten. Other values are returned unchanged.
func cellNamedPanic(r any) any {
	e, ok := r.(runtime.Error)
	if !ok {
		return r
	}
	t := reflect.TypeOf(e)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.PkgPath() != "runtime" {
		return r
	}
	msg := e.Error()
	if named := cellTypeNames(msg); named != msg {
		return runtimeError{named}
	}
	return r
}
