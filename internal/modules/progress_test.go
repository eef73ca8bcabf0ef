package modules

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// A build is never silent for more than progressEvery: each tick after that long says the
// step, for how long, and what the go command did last (downloads as they come, packages
// compiled against those to compile, the link). The clock is the test's.
func TestProgressTicks(t *testing.T) {
	var lines []string
	var at []time.Time
	clock := time.Unix(1000, 0)
	tr := newTracker(func(l string) { lines = append(lines, l); at = append(at, clock) })
	tr.now = func() time.Time { return clock }
	tr.since, tr.last = clock, clock
	advance := func(d time.Duration) {
		for step := progressEvery / 4; d > 0; d -= step {
			clock = clock.Add(min(step, d))
			tr.tick()
		}
	}
	tr.line("resolving the modules", "modules: resolving the modules of example.com/a")
	tr.goLine("go: downloading example.com/a v1.2.0")
	advance(progressEvery - time.Millisecond)
	if n := len(lines); n != 2 {
		t.Fatalf("before progressEvery of silence: %q", lines)
	}
	advance(3 * time.Second)
	tr.line("compiling the evaluator", "modules: go build of the evaluator")
	tr.expect(3)
	tr.compiled("example.com/a")
	advance(2 * time.Second)
	tr.compiled("example.com/a/b")
	tr.compiled("github.com/peerbook/peerbook")
	advance(2 * time.Second)
	want := []string{
		"modules: resolving the modules of example.com/a",
		"modules: downloading example.com/a v1.2.0",
		"modules: resolving the modules (1s): downloaded example.com/a v1.2.0",
		"modules: resolving the modules (3s): downloaded example.com/a v1.2.0",
		"modules: resolving the modules (4s): downloaded example.com/a v1.2.0",
		"modules: go build of the evaluator",
		"modules: compiling the evaluator (1s): 1 of 3 packages (example.com/a)",
		"modules: linking the evaluator",
		"modules: linking the evaluator (1s)",
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("progress:\n%s\nwant:\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	for i := 1; i < len(at); i++ {
		if gap := at[i].Sub(at[i-1]); gap > progressEvery+progressEvery/4 {
			t.Errorf("%v without a line before %q", gap, lines[i])
		}
	}
}

// A package or module the go command can't find is named first, with what to check, in the
// user's terms; the go command's own words follow. (Outputs of go 1.26's go mod tidy and go
// get, as printed for these cases.)
func TestExplainMissing(t *testing.T) {
	for _, c := range []struct {
		args   []string
		output string
		want   string
	}{
		{[]string{"mod", "tidy"}, "go: finding module for package github.com/samber/loo\ngo: github.com/peerbook/peerbook/internal/modulesyms imports\n\tgithub.com/samber/loo: module github.com/samber/loo: reading https://proxy.golang.org/github.com/samber/loo/@v/list: 403 Forbidden\n\tserver response: This module version is not available.\n",
			"the package github.com/samber/loo was not found (no module provides it: the module proxy does not know it): check its path for a typo"},
		{[]string{"mod", "tidy"}, "go: finding module for package github.com/samber/lo/nope\ngo: x imports\n\tgithub.com/samber/lo/nope: module github.com/samber/lo@latest found (v1.53.0), but does not contain package github.com/samber/lo/nope\n",
			"the package github.com/samber/lo/nope was not found (its module github.com/samber/lo has no such package): check its path for a typo"},
		{[]string{"mod", "tidy"}, "go: x imports\n\tgithub.com/samber/loo: cannot find module providing package github.com/samber/loo: module github.com/samber/loo: reading file:///tmp/p/github.com/samber/loo/@v/list: no such file or directory\n",
			"the package github.com/samber/loo was not found (no module provides it"},
		{[]string{"get", "github.com/samber/lo@v9.9.9"}, "go: github.com/samber/lo@v9.9.9: invalid version: unknown revision v9.9.9\n",
			"the module github.com/samber/lo was not found (that version does not exist): check its path for a typo"},
	} {
		err := explainMissing(&cmdError{args: c.args, output: c.output, err: errors.New("exit status 1")})
		if !strings.HasPrefix(err.Error(), c.want) || !strings.Contains(err.Error(), c.output[:20]) {
			t.Errorf("%s:\n%v\nwant it to start with %q and hold the go command's words", c.output, err, c.want)
		}
	}
	if err := explainMissing(&cmdError{args: []string{"build"}, output: "x.go:1: syntax error", err: errors.New("exit status 1")}); strings.Contains(err.Error(), "check its path") {
		t.Errorf("another error explained as a missing package: %v", err)
	}
}
