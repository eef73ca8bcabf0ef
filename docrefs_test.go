package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// testFuncName matches the name of a test, benchmark or fuzz target as the docs cite it.
var testFuncName = regexp.MustCompile(`\b(?:Test|Benchmark|Fuzz)[A-Z][A-Za-z0-9_]*`)

// TestDocsCiteTestsThatExist: every test, benchmark and fuzz target that README.md and
// docs/*.md name (as the test that checks a claim, or the command that measures a figure)
// is a function of some _test.go file of the repository: a renamed or removed test leaves
// no claim pointing at nothing.
func TestDocsCiteTestsThatExist(t *testing.T) {
	defined := map[string]bool{}
	decl := regexp.MustCompile(`(?m)^func (?:\([^)]*\) )?((?:Test|Benchmark|Fuzz)[A-Za-z0-9_]*)\(`)
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && strings.HasPrefix(d.Name(), ".") && path != "." {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range decl.FindAllSubmatch(src, -1) {
			defined[string(m[1])] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(defined) < 100 {
		t.Fatalf("found only %d test functions: the walk is wrong", len(defined))
	}
	docs, _ := filepath.Glob("docs/*.md")
	docs = append(docs, "README.md")
	cited := 0
	for _, doc := range docs {
		text, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		var missing []string
		for _, name := range testFuncName.FindAllString(string(text), -1) {
			cited++
			// A pattern of -run or -bench ("TestCorpus|TestSessions", "BenchmarkCUDA") may
			// name a prefix: it must match some function.
			if !defined[name] && !hasPrefix(defined, name) && !slices.Contains(missing, name) {
				missing = append(missing, name)
			}
		}
		for _, name := range missing {
			t.Errorf("%s cites %s, which no _test.go file defines", doc, name)
		}
	}
	if cited == 0 {
		t.Fatal("the docs cite no test: the pattern is wrong")
	}
}

// hasPrefix reports whether some name in set starts with prefix.
func hasPrefix(set map[string]bool, prefix string) bool {
	for name := range set {
		if strings.HasPrefix(name, prefix) {
			return true
		}
	}
	return false
}
