package modules

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// TestPrune: the most recently used workspaces stay, with the current one, those used
// within the hour and tmp- folders of builds that may still run; older ones go.
func TestPrune(t *testing.T) {
	root := t.TempDir()
	now := time.Now()
	mk := func(name string, used time.Duration, workspace bool) string {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
		if workspace {
			os.WriteFile(filepath.Join(p, "go.mod"), []byte("module x\n"), 0o644)
			os.WriteFile(filepath.Join(p, usedStamp), nil, 0o644)
			os.Chtimes(filepath.Join(p, usedStamp), now.Add(-used), now.Add(-used))
		}
		os.Chtimes(p, now.Add(-used), now.Add(-used))
		return p
	}
	day := 24 * time.Hour
	w1 := mk("w1", 1*day, true)
	w2 := mk("w2", 2*day, true)
	w3 := mk("w3", 3*day, true)
	w4 := mk("w4", 4*day, true)
	cur := mk("cur", 9*day, true) // the build's own: kept, however old
	fresh := mk("fresh", time.Minute, true)
	tmpOld := mk("tmp-old", 2*time.Hour, false)
	tmpNew := mk("tmp-new", time.Minute, false)
	other := mk("notours", 9*day, false) // no go.mod: not a workspace
	removed := prune(root, cur, 3, now)  // fresh, w1, w2
	slices.Sort(removed)
	want := []string{tmpOld, w3, w4}
	slices.Sort(want)
	if !slices.Equal(removed, want) {
		t.Errorf("removed %v, want %v", removed, want)
	}
	for _, p := range []string{w1, w2, cur, fresh, tmpNew, other} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s was removed", p)
		}
	}
	for _, p := range want {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("%s is still there", p)
		}
	}
	// touch makes a workspace the most recently used.
	touch(w2)
	if time.Since(lastUsed(w2)) > time.Minute {
		t.Errorf("touch: last used %v", lastUsed(w2))
	}
}
