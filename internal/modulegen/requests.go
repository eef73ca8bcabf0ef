package main

import (
	"fmt"
	"go/types"
	"regexp"
	"strings"

	"github.com/peerbook/peerbook/internal/modulegen/naming"
)

// Requests are instances an evaluator asked for (naming.RequestText: a use that had no
// instance and whose generic can't be interpreted), each "PATH NAME CANON". The generator
// compiles each as a use written in a cell of its own would be, or records in the
// package's table why it can't (naming.ExplicitPrefix), so that the evaluator refuses the
// use with the reason next time instead of asking again.

// requestCell returns a cell that uses the instance req asks for, with its type arguments
// written out, or "" when req is not one of g's generics.
func (g *gen) requestCell(req string) (path, name, canon, cell string) {
	path, rest, _ := strings.Cut(req, " ")
	name, canon, _ = strings.Cut(rest, " ")
	pkg := g.pkgs[path]
	if pkg == nil || !strings.HasPrefix(canon, "types:") {
		return path, name, canon, ""
	}
	obj := pkg.Scope().Lookup(name)
	if obj == nil || typeParams(obj) == 0 {
		return path, name, canon, ""
	}
	imports := map[string]string{naming.ImportAlias("req", path): path}
	args := qualifiedRE.ReplaceAllStringFunc(strings.TrimPrefix(canon, "types:"), func(q string) string {
		m := qualifiedRE.FindStringSubmatch(q)
		alias := naming.ImportAlias("req", m[1])
		imports[alias] = m[1]
		return alias + "." + m[2]
	})
	var b strings.Builder
	for alias, p := range imports {
		fmt.Fprintf(&b, "import %s %q\n", alias, p)
	}
	use := naming.ImportAlias("req", path) + "." + name + "[" + args + "]"
	if _, isType := obj.(*types.TypeName); isType {
		fmt.Fprintf(&b, "var _ %s\n", use)
	} else {
		fmt.Fprintf(&b, "var _ = %s\n", use)
	}
	return path, name, canon, b.String()
}

// qualifiedRE finds the qualified names of a canonical type list (naming.CanonTypes):
// IMPORTPATH.Name.
var qualifiedRE = regexp.MustCompile(`([A-Za-z0-9_~\-]+(?:\.[A-Za-z0-9_~\-]+)*(?:/[A-Za-z0-9_.~\-]+)*)\.([A-Za-z_][A-Za-z0-9_]*)`)

// settleRequests records, for each request the cells' check did not compile, why.
func (g *gen) settleRequests(reqs []string) {
	for _, req := range reqs {
		path, name, canon, cell := g.requestCell(req)
		table := g.tables[path]
		if table == nil {
			continue
		}
		if _, ok := g.insts[path][naming.Mangle(name, canon)]; ok {
			continue
		}
		why := "!the build could not compile this instance"
		if cell == "" {
			why += " (not a generic of the package)"
		}
		table[naming.ExplicitPrefix+name+":"+canon] = why
	}
}
