package eval

import (
	"fmt"
	"regexp"
	"strings"
)

// missingPkgRe matches yaegi's error for an import it has no symbols or source for.
var missingPkgRe = regexp.MustCompile(`import "([^"]+)" error: unable to find source related to: "[^"]+"\. Either the GOPATH environment variable, or the Interpreter\.Options\.GoPath needs to be set`)

// explainMissingPackage replaces yaegi's advice about GOPATH (which a session never uses) by
// what is wrong: a third-party package that this evaluator was not built with, or a package
// that is not in the standard library.
func explainMissingPackage(msg string) string {
	return missingPkgRe.ReplaceAllStringFunc(msg, func(m string) string {
		p := missingPkgRe.FindStringSubmatch(m)[1]
		first, _, _ := strings.Cut(p, "/")
		if strings.Contains(first, ".") {
			return fmt.Sprintf("import %q: the package is not built into this session: third-party packages are built into the evaluator by the process that starts it (the Jupyter kernel, before the cell that imports one runs; `peerbook run`, before the first cell), and this evaluator was started without it (docs/MODULES.md)", p)
		}
		return fmt.Sprintf("import %q: no such package in the standard library or peerbook", p)
	})
}
