package goexamples

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// writeTree writes files (slash-separated names under a temporary source tree) and returns
// the tree's folder.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// ruleTree is a source tree with an example (or a file) for each rule of Find.
var ruleTree = map[string]string{
	"a/example_test.go": `package a_test

import (
	"fmt"
	"log"
	"net/http"
	"os"
	"path/filepath"
	"strings"
)

func ExamplePlain() {
	fmt.Println(strings.ToUpper("x"))
	// Output: X
}

func ExampleUnordered() {
	fmt.Println("b")
	fmt.Println("a")
	// Unordered output:
	// a
	// b
}

func ExampleEmpty() {
	// Output:
}

func ExampleNoOutput() {
	fmt.Println("x")
}

func ExampleNetwork() {
	fmt.Println(http.StatusOK)
	// Output: 200
}

func ExampleHelper() {
	fmt.Println(helper())
	// Output: 1
}

func ExampleTestdata() {
	_, err := os.ReadFile("testdata/x.txt")
	fmt.Println(err == nil)
	// Output: true
}

func ExampleRelative() {
	f, err := os.Open("data.txt")
	fmt.Println(f != nil, err == nil)
	// Output: true true
}

func ExampleOwnSource() {
	src, err := os.ReadFile(filepath.Join(".", "example_test.go"))
	fmt.Println(len(src) > 0, err == nil)
	// Output: true true
}

type myErr struct{}

func (myErr) Error() string { return "e" }

func ExampleTypeName() {
	fmt.Printf("%T\n", myErr{})
	// Output: a_test.myErr
}

func ExampleLogPosition() {
	l := log.New(os.Stdout, "", log.Lshortfile)
	l.Print("x")
	// Output: example_test.go:80: x
}

func TestSomething() {}
`,
	"a/helper_test.go": "package a_test\n\nfunc helper() int { return 1 }\n",
	"a/internal_example_test.go": `package a

import "fmt"

func ExampleInternal() {
	fmt.Println(unexported)
	// Output: 1
}
`,
	"a/dot_example_test.go": `package a_test

import (
	. "fmt"
)

func ExampleDot() {
	Println(1)
	// Output: 1
}
`,
	"a/example_plan9_test.go": `package a_test

import "fmt"

func ExamplePlan9() {
	fmt.Println(1)
	// Output: 1
}
`,
	"a/tagged_example_test.go": `//go:build ignore

package a_test

import "fmt"

func ExampleTagged() {
	fmt.Println(1)
	// Output: 1
}
`,
	"a/broken_example_test.go":     "package a_test\n\nfunc Example() {\n",
	"cmd/b/example_test.go":        "package b_test\n\nimport \"fmt\"\n\nfunc ExampleCmd() {\n\tfmt.Println(1)\n\t// Output: 1\n}\n",
	"a/vendor/c/example_test.go":   "package c_test\n\nimport \"fmt\"\n\nfunc ExampleVendor() {\n\tfmt.Println(1)\n\t// Output: 1\n}\n",
	"a/testdata/d/example_test.go": "package d_test\n\nimport \"fmt\"\n\nfunc ExampleTestdata() {\n\tfmt.Println(1)\n\t// Output: 1\n}\n",
}

func TestFindNamesEachRule(t *testing.T) {
	dir := writeTree(t, ruleTree)
	set, err := Find(dir)
	if err != nil {
		t.Fatal(err)
	}
	var selected []string
	for _, e := range set.Examples {
		selected = append(selected, e.Name)
	}
	if got, want := strings.Join(selected, " "), "a.ExampleEmpty a.ExamplePlain a.ExampleUnordered"; got != want {
		t.Errorf("selected %s, want %s", got, want)
	}
	wantExcluded := map[string]Rule{
		"a.ExampleNoOutput":        NoOutput,
		"a.ExampleNetwork":         ImportsUnrunnable,
		"a.ExampleHelper":          NotPlayable,
		"a.ExampleDot":             NotPlayable,
		"a.ExampleTestdata":        ReadsPackageFiles,
		"a.ExampleRelative":        ReadsPackageFiles,
		"a.ExampleInternal":        InternalPackage,
		"a.ExampleOwnSource":       ReadsPackageFiles,
		"a.ExampleTypeName":        NamesTestPackage,
		"a.ExampleLogPosition":     PrintsSourcePosition,
		"a/example_plan9_test.go":  BuildConstraint,
		"a/tagged_example_test.go": BuildConstraint,
		"a/broken_example_test.go": Unparsable,
	}
	for name, rule := range wantExcluded {
		if got := set.Excluded[name]; got != rule {
			t.Errorf("%s excluded by %q, want %q", name, got, rule)
		}
	}
	if len(set.Excluded) != len(wantExcluded) {
		t.Errorf("excluded %v, want only %v", set.Excluded, wantExcluded)
	}
	for _, e := range set.Examples {
		if e.Name == "a.ExampleUnordered" && !e.Unordered {
			t.Errorf("%s: not marked unordered", e.Name)
		}
		if e.Name == "a.ExamplePlain" && e.Unordered {
			t.Errorf("%s: marked unordered", e.Name)
		}
	}
}

func TestConvertKeepsOnlyWhatTheExampleUses(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"p/example_test.go": `package p_test

import (
	"fmt"
	"sort"
	"strings"
)

type byLen []string

func (s byLen) Len() int           { return len(s) }
func (s byLen) Less(i, j int) bool { return len(s[i]) < len(s[j]) }
func (s byLen) Swap(i, j int)      { s[i], s[j] = s[j], s[i] }

var unused = strings.Repeat("x", 3)

func ExampleSort() {
	s := byLen{"ccc", "a", "bb"}
	sort.Sort(s)
	fmt.Println(s)
	// Output: [a bb ccc]
}

func ExampleOther() {
	fmt.Println(unused)
	// Output: xxx
}
`,
	})
	set, err := Find(dir)
	if err != nil {
		t.Fatal(err)
	}
	var src string
	for _, e := range set.Examples {
		if e.Name == "p.ExampleSort" {
			src = e.Source
		}
	}
	for _, want := range []string{"package main", `"fmt"`, `"sort"`, "type byLen []string", "func (s byLen) Swap", "func main() {", "sort.Sort(s)"} {
		if !strings.Contains(src, want) {
			t.Errorf("the program lacks %q:\n%s", want, src)
		}
	}
	for _, unwanted := range []string{`"strings"`, "var unused", "Output:", "ExampleOther", "ExampleSort"} {
		if strings.Contains(src, unwanted) {
			t.Errorf("the program has %q, which it does not use:\n%s", unwanted, src)
		}
	}
}

func TestNormalizeComparesAsGoTest(t *testing.T) {
	cases := []struct {
		got, want string
		unordered bool
		match     bool
	}{
		{"a\nb\n", "a\nb", false, true},
		{"  a\nb\n\n", "a\nb", false, true}, // spaces trimmed at both ends, as go test does
		{"a\n b\n", "a\nb", false, false},   // not inside
		{"b\na\n", "a\nb", false, false},
		{"b\na\n", "a\nb", true, true},
		{"b\na\na\n", "a\nb", true, false}, // lines are counted
		{"", "", false, true},
		{"x", "", false, false},
	}
	for _, c := range cases {
		e := Example{Output: c.want, Unordered: c.unordered}
		if got := e.Matches(c.got); got != c.match {
			t.Errorf("output %q, want %q (unordered %v): match %v, want %v", c.got, c.want, c.unordered, got, c.match)
		}
	}
}

func TestFindStandardLibrary(t *testing.T) {
	src := filepath.Join(runtime.GOROOT(), "src")
	if _, err := os.Stat(filepath.Join(src, "strings")); err != nil {
		t.Skipf("the standard library's sources are not installed (%v)", err)
	}
	set, err := Find(src)
	if err != nil {
		t.Fatal(err)
	}
	counts := []string{}
	for _, r := range Rules {
		counts = append(counts, fmt.Sprintf("%s %d", r, set.Count(r)))
	}
	t.Logf("%s: %d examples selected; excluded: %s", runtime.Version(), len(set.Examples), strings.Join(counts, ", "))
	// Go 1.26 has about 740; a toolchain that had far fewer would mean a rule broke.
	if len(set.Examples) < 500 {
		t.Errorf("only %d examples selected", len(set.Examples))
	}
	for _, e := range set.Examples {
		if !strings.Contains(e.Source, "\npackage main\n") && !strings.HasPrefix(e.Source, "package main\n") || !strings.Contains(e.Source, "func main()") {
			t.Errorf("%s: not a main program:\n%s", e.Name, e.Source)
		}
	}
}

func TestImportExcludedNamesTheNetworkNotItsParsers(t *testing.T) {
	for path, want := range map[string]bool{
		"net/http": true, "net/http/httptest": true, "net/rpc": true, "net/smtp": true,
		"net": false, "net/url": false, "net/mail": false, "net/netip": false,
		"testing": true, "testing/quick": true, "testing/fstest": false, "testing/iotest": false,
		"runtime": true, "runtime/debug": true, "unsafe": true, "os/exec": true,
		"os": false, "strings": false, "debug/elf": true, "go/build": true, "go/ast": false,
	} {
		if got := ImportExcluded(path); got != want {
			t.Errorf("ImportExcluded(%q) = %v, want %v", path, got, want)
		}
	}
}
