package main

import (
	"bytes"
	"fmt"
	"os"
	"path"
	"strings"

	"github.com/traefik/yaegi/extract"
)

func main() {
	e := extract.Extractor{Dest: "syms"}
	for _, p := range os.Args[2:] {
		var b bytes.Buffer
		if _, err := e.Extract(p, "", &b); err != nil {
			fmt.Fprintln(os.Stderr, p, err)
			os.Exit(1)
		}
		name := strings.NewReplacer("/", "-", ".", "_").Replace(p) + ".go"
		os.WriteFile(path.Join(os.Args[1], name), b.Bytes(), 0o644)
	}
	os.WriteFile(path.Join(os.Args[1], "syms.go"), []byte("package syms\n\nimport \"reflect\"\n\nvar Symbols = map[string]map[string]reflect.Value{}\n"), 0o644)
}
