package eval

import (
	"go/parser"
	"go/token"
	"reflect"

	"github.com/traefik/yaegi/stdlib/generic"

	"github.com/peerbook/peerbook/eval/internal/rewrite"
)

// newSymbolImporter returns a go/types importer over what the session's interpreter knows:
// the compiled packages of its symbol tables, and the generic packages yaegi compiles from
// source (slices, maps, cmp, iter), type-checked from that source.
func newSymbolImporter(symbols func(path string) map[string]reflect.Value) *rewrite.Importer {
	sources := map[string][]string{}
	for _, src := range generic.Sources {
		f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.PackageClauseOnly)
		if err == nil {
			sources[f.Name.Name] = append(sources[f.Name.Name], src)
		}
	}
	return rewrite.NewImporter(symbols, sources)
}
