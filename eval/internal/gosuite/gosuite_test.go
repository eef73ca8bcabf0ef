package gosuite

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestExcludeNamesEachRule(t *testing.T) {
	const body = "\n\npackage main\n\nfunc main() {}\n"
	cases := []struct {
		name, src string
		eligible  Rule // "" when selected
		widened   Rule
	}{
		{"plain run", "// run" + body, "", ""},
		{"run with a trailing space", "// run \n" + body, "", ""},
		{"errorcheck", "// errorcheck" + body, NotRun, NotRun},
		{"rundir", "// rundir" + body, NotRun, NotRun},
		{"runoutput", "// runoutput" + body, NotRun, NotRun},
		{"no action", "package main\n", NotRun, NotRun},
		{"run with flags", "// run -gcflags=-l" + body, RunWithArgs, RunWithArgs},
		{"run with an argument", "// run arg" + body, RunWithArgs, RunWithArgs},
		{"go:build before the action", "//go:build amd64\n\n// run" + body, BuildConstraint, BuildConstraint},
		{"go:build after the action", "// run\n\n//go:build !wasm" + body, BuildConstraint, BuildConstraint},
		{"+build", "// run\n\n// +build linux" + body, BuildConstraint, BuildConstraint},
		{"unparsable", "// run\n\npackage main\nfunc {\n", Unparsable, Unparsable},
		{"testing", "// run\n\npackage main\nimport \"testing\"\nvar _ = testing.Short\nfunc main() {}\n", ImportsTesting, ImportsTesting},
		{"flag", "// run\n\npackage main\nimport \"flag\"\nfunc main() { flag.Parse() }\n", ReadsArgs, ReadsArgs},
		{"os.Args", "// run\n\npackage main\nimport \"os\"\nfunc main() { _ = os.Args }\n", ReadsArgs, ReadsArgs},
		{"os.Args renamed", "// run\n\npackage main\nimport o \"os\"\nfunc main() { _ = o.Args }\n", ReadsArgs, ReadsArgs},
		{"os without Args", "// run\n\npackage main\nimport \"os\"\nfunc main() { os.Exit(0) }\n", "", ""},
		{"Args of another package", "// run\n\npackage main\nimport \"os\"\ntype x struct{ Args int }\nvar os2 x\nfunc main() { _ = os2.Args; os.Exit(0) }\n", "", ""},
		{"runtime", "// run\n\npackage main\nimport \"runtime\"\nfunc main() { runtime.GC() }\n", ImportsRuntime, ""},
		{"runtime/debug", "// run\n\npackage main\nimport \"runtime/debug\"\nfunc main() { debug.FreeOSMemory() }\n", ImportsRuntime, ""},
		{"unsafe", "// run\n\npackage main\nimport \"unsafe\"\nvar _ = unsafe.Sizeof(0)\nfunc main() {}\n", ImportsUnsafe, ""},
		{"testing and runtime", "// run\n\npackage main\nimport (\"runtime\"; \"testing\")\nvar _ = testing.Short\nfunc main() { runtime.GC() }\n", ImportsTesting, ImportsTesting},
	}
	for _, c := range cases {
		for _, sel := range []Selection{Eligible, Widened} {
			want := c.eligible
			if sel == Widened {
				want = c.widened
			}
			got, excluded := Exclude(c.src, sel)
			if excluded != (want != "") || got != want {
				t.Errorf("%s (%s set): excluded by %q, want %q", c.name, sel, got, want)
			}
		}
	}
}

func TestSelectReadsTestdirFolders(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const prog = "// run\n\npackage main\n\nfunc main() { println(1) }\n"
	write("a.go", prog)
	write("a.out", "1\n")
	write("ken/b.go", prog)
	write("fixedbugs/c.go", "// errorcheck\n\npackage main\n")
	write("notadir/d.go", prog) // not a folder testdir reads
	write("fixedbugs/e.dir/e.go", prog)
	s, err := Select(dir, Eligible)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range s.Programs {
		names = append(names, p.Name)
	}
	if got := strings.Join(names, " "); got != "a.go ken/b.go" {
		t.Fatalf("selected %q, want \"a.go ken/b.go\"", got)
	}
	if s.Programs[0].Want != "1\n" || s.Programs[1].Want != "" {
		t.Errorf("expected outputs %q, %q", s.Programs[0].Want, s.Programs[1].Want)
	}
	if s.Excluded["fixedbugs/c.go"] != NotRun || len(s.Excluded) != 1 || s.Count(NotRun) != 1 {
		t.Errorf("excluded %v", s.Excluded)
	}
	if _, err := Select(t.TempDir(), Eligible); err == nil {
		t.Error("an empty test folder selects nothing without an error")
	}
}

func TestOutputMatchesInterleavings(t *testing.T) {
	cases := []struct {
		want, stdout, stderr string
		ok                   bool
	}{
		{"a\n", "a\n", "", true},
		{"a\n", "", "a\n", true},
		{"", "", "", true},
		{"a\n", "b\n", "", false},
		{"", "x", "", false},
		{"a\nb\nc\n", "a\nc\n", "b\n", true},
		{"b\na\nc\n", "a\nc\n", "b\n", true},
		{"a\nc\nb\n", "a\nc\n", "b\n", true},
		{"c\na\nb\n", "a\nc\n", "b\n", false}, // stdout's order broken
		{"a\nb\n", "a\n", "c\n", false},
		{"a\nb\nb\n", "a\n", "b\n", false}, // a line too many
		{"xy\n", "y\n", "x", true},         // print("x") then fmt.Println("y"): byte by byte
		{"\nyx", "y\n", "x", false},
	}
	for _, c := range cases {
		if got := OutputMatches(c.want, c.stdout, c.stderr); got != c.ok {
			t.Errorf("OutputMatches(%q, %q, %q) = %v, want %v", c.want, c.stdout, c.stderr, got, c.ok)
		}
	}
}

func TestClassify(t *testing.T) {
	p := Program{Name: "p.go", Source: "func main() { if x != 1 { panic(\"fail\") } }", Want: "ok\n"}
	cases := []struct {
		name string
		r    Result
		want Class
	}{
		{"pass", Result{Stdout: "ok\n"}, Pass},
		{"wrong output, no error", Result{Stdout: "no\n"}, Silent},
		{"compile error", Result{ErrName: "CompileError", ErrValue: "cell[1] 3:4: undefined: x"}, Loud},
		{"refusal", Result{ErrName: "CompileError", ErrValue: "peerbook: type F refers to itself ...: recursive function types are not supported in cells"}, Refused},
		{"refusal of two types", Result{ErrName: "CompileError", ErrValue: "cell[1] 13:2: peerbook: keys of a map[interface{}]int of types A and B are not supported together in cells: both are struct{}"}, Refused},
		{"yaegi's unsupported", Result{ErrName: "CompileError", ErrValue: "cell[1] 208:8: unsupported assign expression"}, Loud},
		{"own panic", Result{ErrName: "panic", ErrValue: "fail"}, SelfCheck},
		{"exit status", Result{ErrName: "Exit", ErrValue: "exit status 1"}, SelfCheck},
		{"runtime error", Result{ErrName: "panic", ErrValue: "runtime error: index out of range [3] with length 2"}, Loud},
		{"reflect panic", Result{ErrName: "panic", ErrValue: "reflect: call of reflect.Value.Len on zero Value"}, Loud},
		{"timeout", Result{ErrName: "Interrupted", TimedOut: true}, Timeout},
		{"crash", Result{Crash: "fatal error: stack overflow"}, Crash},
	}
	for _, c := range cases {
		if got := Classify(p, c.r); got != c.want {
			t.Errorf("%s: class %s, want %s", c.name, got, c.want)
		}
	}
	noPanic := Program{Name: "q.go", Source: "func main() {}"}
	if got := Classify(noPanic, Result{ErrName: "panic", ErrValue: "fail"}); got != Loud {
		t.Errorf("a panic in a program without panic calls: class %s, want loud", got)
	}
}

func TestLoadKnownAndCompare(t *testing.T) {
	path := filepath.Join(t.TempDir(), "KNOWN.txt")
	write := func(text string) {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("# comment\n\nfixedbugs/a.go: SILENT prints 2\nb.go: LOUD compile error\nc.go: LOUD fixed now\nf.go: LOUD timeout: slow\n")
	known, err := LoadKnown(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(known) != 4 || !known["fixedbugs/a.go"].Silent || known["b.go"].Silent || known["f.go"].Class != Timeout || known["b.go"].Class != "" {
		t.Fatalf("known %+v", known)
	}
	ps := []Program{{Name: "fixedbugs/a.go", Want: "1\n"}, {Name: "b.go", Want: "1\n"}, {Name: "c.go", Want: "1\n"},
		{Name: "d.go", Want: "1\n"}, {Name: "e.go", Want: "1\n"}, {Name: "f.go", Want: "1\n"}}
	rs := []Result{{Stdout: "2\n"}, {Stdout: "2\n"}, {Stdout: "1\n"}, {ErrName: "CompileError"}, {Stdout: "1\n"},
		{Crash: "fatal error: stack overflow"}}
	rep := Compare(ps, rs, known)
	if rep.Table[Pass] != 2 || rep.Table[Silent] != 2 || rep.Table[Loud] != 1 || rep.Table[Crash] != 1 || rep.Table.Total() != 6 {
		t.Errorf("table %v", rep.Table)
	}
	if strings.Join(rep.Fixed, " ") != "c.go" || strings.Join(rep.Unexpected, " ") != "d.go" ||
		strings.Join(rep.Mislabelled, " ") != "b.go f.go" {
		t.Errorf("fixed %v, unexpected %v, mislabelled %v", rep.Fixed, rep.Unexpected, rep.Mislabelled)
	}
	if !strings.Contains(rep.Details["fixedbugs/a.go"], "want \"1\\n\"") {
		t.Errorf("details of a wrong output: %q", rep.Details["fixedbugs/a.go"])
	}
	for _, bad := range []string{"a.go SILENT no colon\n", "a.go: WRONG label\n", "a.go: LOUD\n", "a.go: LOUD x\na.go: LOUD y\n"} {
		write(bad)
		if _, err := LoadKnown(path); err == nil {
			t.Errorf("%q is accepted", bad)
		}
	}
	if k, err := LoadKnown(filepath.Join(t.TempDir(), "none")); err != nil || len(k) != 0 {
		t.Errorf("a missing file: %v, %v", k, err)
	}
}

func TestInSampleIsStable(t *testing.T) {
	n := 0
	for i := 0; i < 1000; i++ {
		name := filepath.Join("fixedbugs", strings.Repeat("x", i%7)+string(rune('a'+i%26))+".go")
		if InSample(name, 4) != InSample(name, 4) {
			t.Fatal("InSample is not a function of the name")
		}
		if InSample(name, 4) {
			n++
		}
	}
	if n == 0 || n == 1000 {
		t.Errorf("one in 4 took %d of 1000", n)
	}
	if !InSample("a.go", 1) {
		t.Error("modulus 1 does not take every program")
	}
}
