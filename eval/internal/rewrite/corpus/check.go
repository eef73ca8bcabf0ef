package corpus

import (
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"
)

// CheckOptions are the options of Check.
type CheckOptions struct {
	Dir     string // the corpus directory
	Runner  string // the runner's name in the known-failures file ("yaegi", "session")
	Label   string // how the pass rate is introduced in the log
	Only    string // run only snippets whose name contains this ("" for all)
	Verbose bool   // log the details of known failures too
	// Run runs one snippet and reports what it printed; it is called from several
	// goroutines at once.
	Run func(Snippet) Outcome
}

// Check runs the corpus through opts.Run, NumCPU snippets at a time, and fails t for
// every snippet that fails without being listed in the known-failures file, for every
// listed one that passes, for every known failure whose reason misstates whether it is a
// wrong answer with status ok (see SilentMark), and for a pass rate below MinPassRate over
// the whole corpus.
func Check(t *testing.T, opts CheckOptions) {
	t.Helper()
	snippets, err := Load(opts.Dir)
	if err != nil {
		t.Fatal(err)
	}
	known, err := LoadKnown(opts.Dir, opts.Runner)
	if err != nil {
		t.Fatal(err)
	}
	var selected []Snippet
	for _, s := range snippets {
		if strings.Contains(s.Name, opts.Only) {
			selected = append(selected, s)
		}
	}
	outcomes := make([]Outcome, len(selected))
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.NumCPU())
	for n, s := range selected {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			outcomes[n] = opts.Run(s)
		}()
	}
	wg.Wait()
	rep := Compare(selected, outcomes, known)
	t.Logf("%s: %d/%d snippets pass (%.1f%%)", opts.Label, rep.Passed, rep.Total, 100*rep.Rate())
	names := make([]string, 0, len(rep.Details))
	for name := range rep.Details {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if _, isKnown := known[name]; opts.Verbose || !isKnown {
			t.Logf("%s:\n%s", name, rep.Details[name])
		}
	}
	for _, name := range rep.Unexpected {
		t.Errorf("snippet %s fails and is not listed in %s/%s", name, opts.Dir, KnownFailuresFile)
	}
	for _, name := range rep.Fixed {
		t.Errorf("snippet %s passes: remove it from %s/%s", name, opts.Dir, KnownFailuresFile)
	}
	for _, name := range rep.Mislabelled {
		if strings.HasPrefix(known[name], SilentMark) {
			t.Errorf("snippet %s now fails with an error: its reason in %s must not start with %s", name, KnownFailuresFile, SilentMark)
		} else {
			t.Errorf("snippet %s gives a wrong answer with status ok: start its reason in %s with %s (or make it fail loudly)", name, KnownFailuresFile, SilentMark)
		}
	}
	t.Logf("%s: %d snippets give a wrong answer with status ok: %s", opts.Label, len(rep.Silent), strings.Join(rep.Silent, " "))
	if opts.Only == "" && rep.Rate() < MinPassRate {
		t.Errorf("pass rate %.1f%% is below %.1f%%, the rate last measured", 100*rep.Rate(), 100*MinPassRate)
	}
}
