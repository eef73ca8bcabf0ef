package modules

import (
	"fmt"
	"go/parser"
	"go/token"
	"strconv"
	"strings"

	"golang.org/x/mod/module"
)

// Requests is what one cell asks of the module set.
type Requests struct {
	// Imports are the third-party import paths of the cell's import declarations, in order.
	Imports []string
	// Pins are the cell's `%go get MOD@VERSION` lines and `//peerbook:go get MOD@VERSION`
	// comments, in order; MOD@none undoes MOD's pin.
	Pins []string
}

// CellRequests reads a cell's third-party imports and version pins without running it.
// Other magic lines (%..., !..., %%time) are left out; a %%cuda cell asks nothing. A cell
// whose imports don't parse asks nothing either: running it gives the syntax error.
func CellRequests(src string) (Requests, error) {
	var r Requests
	var code strings.Builder
	for i, line := range strings.Split(src, "\n") {
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, "%%") || trimmed == "//peerbook:cuda" {
			if strings.TrimSpace(code.String()) == "" && (trimmed == "%%cuda" || trimmed == "//peerbook:cuda") {
				return r, nil // a CUDA C cell
			}
			code.WriteString("\n") // %%time
			continue
		}
		rest, isMagic := strings.CutPrefix(trimmed, "%go get")
		if !isMagic {
			rest, isMagic = strings.CutPrefix(trimmed, "//peerbook:go get")
		}
		if isMagic && (rest == "" || rest[0] == ' ' || rest[0] == '\t') {
			args := strings.Fields(rest)
			if len(args) == 0 {
				return r, fmt.Errorf("line %d: %%go get needs MODULE@VERSION (for example %%go get gonum.org/v1/gonum@v0.16.0)", i+1)
			}
			for _, a := range args {
				if err := checkPin(a); err != nil {
					return r, fmt.Errorf("line %d: %w", i+1, err)
				}
				r.Pins = append(r.Pins, a)
			}
			code.WriteString("\n")
			continue
		}
		if strings.HasPrefix(trimmed, "%") || strings.HasPrefix(trimmed, "!") {
			code.WriteString("\n")
			continue
		}
		code.WriteString(line + "\n")
	}
	f, err := parser.ParseFile(token.NewFileSet(), "cell", "package p;"+code.String(), parser.ImportsOnly)
	if err != nil || f == nil {
		return r, nil
	}
	for _, is := range f.Imports {
		p, err := strconv.Unquote(is.Path.Value)
		if err == nil && ThirdParty(p) {
			if err := checkImport(p); err != nil {
				return r, err
			}
			r.Imports = append(r.Imports, p)
		}
	}
	return r, nil
}

// ThirdParty reports whether import path p is a package the evaluator must be built with: not
// the standard library (whose first path element has no dot) and not peerbook's own.
func ThirdParty(p string) bool {
	first, _, _ := strings.Cut(p, "/")
	return strings.Contains(first, ".") && p != selfModule && !strings.HasPrefix(p, selfModule+"/")
}

// checkPin refuses what `go get` would misread: a pin is MODULE@VERSION, the module a
// valid module path (golang.org/x/mod/module.CheckPath: "../../etc" is none, though its
// first element has a dot), the version a query the go command takes, or "none" (which
// undoes the module's pin).
func checkPin(a string) error {
	mod, version, ok := strings.Cut(a, "@")
	if !ok || mod == "" || version == "" {
		return fmt.Errorf("%%go get %s: want MODULE@VERSION (for example gonum.org/v1/gonum@v0.16.0 or @latest)", a)
	}
	if strings.HasPrefix(mod, "-") || strings.ContainsAny(a, "\"'`\\") {
		return fmt.Errorf("%%go get %s: not a module path (flags of go get are not taken)", a)
	}
	if !ThirdParty(mod) {
		return fmt.Errorf("%%go get %s: %s is not a third-party module", a, mod)
	}
	if err := module.CheckPath(mod); err != nil {
		return fmt.Errorf("%%go get %s: %s is not a valid module path: %v", a, mod, err)
	}
	if strings.HasPrefix(version, "-") || strings.IndexFunc(version, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("._+-~<>=/", r))
	}) >= 0 {
		return fmt.Errorf("%%go get %s: %q is not a version (a version like v1.2.3, a query like latest or <v2, a commit, or none)", a, version)
	}
	return nil
}

// checkImport refuses a third-party import path the go command would refuse, before a
// build is started for it.
func checkImport(p string) error {
	if err := module.CheckImportPath(p); err != nil {
		return fmt.Errorf("import %q: not a valid import path: %v", p, err)
	}
	return nil
}
