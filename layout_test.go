package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// TestReadmeLayoutListsEveryPackage: the README's Layout section names every package of the
// module (as `dir/`), vendored code under third_party aside, and every folder it names
// exists and is a package (notebooks/ aside).
func TestReadmeLayoutListsEveryPackage(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command to list packages: %v", err)
	}
	out, err := exec.Command(goTool, "list", "-f", "{{.Dir}}", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	root, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	pkgs := map[string]bool{}
	for _, dir := range strings.Fields(string(out)) {
		rel, err := filepath.Rel(root, dir)
		// Vendored code (third_party) is listed as a whole, beside the packages.
		if err != nil || rel == "." || strings.Contains(filepath.ToSlash(rel), "third_party/") {
			continue
		}
		pkgs[filepath.ToSlash(rel)+"/"] = true
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(readme), "\n## Layout\n")
	if !ok {
		t.Fatal("README.md has no Layout section")
	}
	if end := strings.Index(section, "\n## "); end >= 0 {
		section = section[:end]
	}
	listed := map[string]bool{}
	for _, m := range regexp.MustCompile("`([a-z0-9_./-]+/)`").FindAllStringSubmatch(section, -1) {
		listed[m[1]] = true
	}
	var missing, stale []string
	for p := range pkgs {
		if !listed[p] {
			missing = append(missing, p)
		}
	}
	for p := range listed {
		if !pkgs[p] && p != "notebooks/" {
			stale = append(stale, p)
		}
	}
	sort.Strings(missing)
	sort.Strings(stale)
	if len(missing) > 0 {
		t.Errorf("README.md's Layout section misses packages: %v", missing)
	}
	if len(stale) > 0 {
		t.Errorf("README.md's Layout section names folders that are not packages: %v", stale)
	}
	if len(pkgs) < 10 {
		t.Errorf("go list found only %d packages", len(pkgs))
	}
}

// TestPublicPackagesAreTheDocumented: every package outside an internal/ folder is listed,
// with its reason, in docs/ARCHITECTURE.md's "What stays public", and every package listed
// there is one.
func TestPublicPackagesAreTheDocumented(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command to list the packages with")
	}
	out, err := exec.Command("go", "list", "./...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	const mod = "github.com/peerbook/peerbook"
	public := map[string]bool{}
	for _, p := range strings.Fields(string(out)) {
		rel := strings.TrimPrefix(strings.TrimPrefix(p, mod), "/")
		if rel == "" {
			rel = mod
		}
		if strings.Contains("/"+rel+"/", "/internal/") || strings.Contains(rel, "third_party/") {
			continue
		}
		public[rel] = true
	}
	doc, err := os.ReadFile("docs/ARCHITECTURE.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(doc), "\n### What stays public\n")
	if !ok {
		t.Fatal(`docs/ARCHITECTURE.md has no "What stays public" section`)
	}
	if end := strings.Index(section, "\n#"); end >= 0 {
		section = section[:end]
	}
	listed := map[string]bool{}
	for _, line := range strings.Split(section, "\n") {
		item, ok := strings.CutPrefix(line, "- ")
		if !ok {
			continue
		}
		// "- `a`, `b`: why": the names before the colon.
		names, _, _ := strings.Cut(item, ": ")
		for _, m := range regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(names, -1) {
			listed[m[1]] = true
		}
	}
	for p := range public {
		if !listed[p] {
			t.Errorf("package %s is not under internal/ and docs/ARCHITECTURE.md's \"What stays public\" does not say why", p)
		}
	}
	for p := range listed {
		if !public[p] {
			t.Errorf("docs/ARCHITECTURE.md's \"What stays public\" lists %s, which is not a public package", p)
		}
	}
	if len(public) < 5 {
		t.Errorf("go list found only %d public packages: %v", len(public), public)
	}
}
