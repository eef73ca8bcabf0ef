package difftest

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// TestGoRunnerKeepsPackageMain checks that the toolchain side runs each program of a
// batch as its own package main: what a program computes from a type's name (here
// its length) and a panic naming a type are what go run gives.
func TestGoRunnerKeepsPackageMain(t *testing.T) {
	const named = "package main\n\nimport \"fmt\"\n\ntype T%s struct{}\n\nfunc main() {\n\tname := fmt.Sprintf(\"%%T\", T%[1]s{})\n\tfmt.Println(name, len(name))\n}\n"
	srcs := []string{
		fmt.Sprintf(named, "a"),
		fmt.Sprintf(named, "bc"),
		"package main\n\ntype T struct{}\n\nfunc main() {\n\tvar x any = T{}\n\t_ = x.(int)\n}\n",
	}
	res, err := (&GoRunner{}).Run(context.Background(), srcs)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{"main.Ta 7\n", "main.Tbc 8\n"} {
		if res[i].Failed != "" || res[i].Stdout != want {
			t.Errorf("program %d printed %q (failed %q), want %q", i, res[i].Stdout, res[i].Failed, want)
		}
	}
	const want = "interface conversion: interface {} is main.T, not int"
	if res[2].Exit != 2 || res[2].Panic != want {
		t.Errorf("program 2: exit %d, panic %q, want exit 2 and %q", res[2].Exit, res[2].Panic, want)
	}
}

// TestGoRunnerCachedOnlyUsesResultsMadeElsewhere checks the runner of a machine without Go:
// given the toolchain's version, it finds the results another runner cached under it, runs
// nothing, and fails the programs nobody ran, saying why.
func TestGoRunnerCachedOnlyUsesResultsMadeElsewhere(t *testing.T) {
	dir := t.TempDir()
	ran := "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(6 * 7) }\n"
	withGo := &GoRunner{CacheDir: dir}
	if res, err := withGo.Run(context.Background(), []string{ran}); err != nil || res[0].Stdout != "42\n" {
		t.Fatalf("with Go: %+v, %v", res, err)
	}
	version, err := withGo.toolchain()
	if err != nil {
		t.Fatal(err)
	}
	never := "package main\n\nfunc main() { println(1) }\n"
	without := &GoRunner{CacheDir: dir, Version: version, CachedOnly: true}
	res, err := without.Run(context.Background(), []string{ran, never})
	if err != nil {
		t.Fatal(err)
	}
	if res[0].Failed != "" || res[0].Stdout != "42\n" {
		t.Errorf("the cached program: %+v, want its output 42", res[0])
	}
	if res[1].Failed == "" || !strings.Contains(res[1].Failed, "no cached result") {
		t.Errorf("the program nobody ran: %+v, want a failure saying it has no cached result", res[1])
	}
	other := &GoRunner{CacheDir: dir, Version: "go version go0.0 nowhere", CachedOnly: true}
	if res, _ := other.Run(context.Background(), []string{ran}); res[0].Failed == "" {
		t.Errorf("another toolchain's version found the result: %+v", res[0])
	}
}
