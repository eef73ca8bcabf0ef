package difftest

import (
	"context"
	"fmt"
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
