package eval

import (
	"maps"
	"reflect"

	"github.com/peerbook/peerbook/eval/internal/rewrite"
)

// newSymbolImporter returns a go/types importer over what the session's interpreter knows:
// the compiled packages of its symbol tables, and the generic code it compiles from source
// (package iter, the generic functions and types of slices, maps, cmp, sync, errors...,
// and the modules' generics, see modgenerics.go), type-checked from that source.
func newSymbolImporter(symbols func(path string) map[string]reflect.Value) *rewrite.Importer {
	sources := rewrite.TypeSources()
	maps.Copy(sources, moduleTypeSources())
	return rewrite.NewImporter(symbols, sources)
}
