package modules

import (
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"time"
)

// Each workspace holds a copy of peerbook's source and an evaluator binary (about 47 MB in
// all), and every new module set or peerbook version makes one. So Build prunes the cache
// folder: it keeps the KeepWorkspaces most recently used workspaces, those used within
// keepRecent (another kernel may be about to start its binary again), and those whose
// binary a running process executes (Linux: /proc/*/exe); the rest are removed. A `tmp-`
// folder is a build in progress, or one that was killed: those older than tmpMaxAge are
// removed.

const (
	// DefaultKeepWorkspaces is how many recently used workspaces pruning keeps when
	// Builder.KeepWorkspaces is 0.
	DefaultKeepWorkspaces = 4
	// keepRecent keeps every workspace used this recently.
	keepRecent = time.Hour
	// tmpMaxAge is the age past which a tmp- folder is a killed build's leftover.
	tmpMaxAge = time.Hour
	// usedStamp is the file in a workspace whose modification time says when a session last
	// used it.
	usedStamp = "last-used"
)

// touch records that the workspace ws is used now.
func touch(ws string) {
	p := filepath.Join(ws, usedStamp)
	now := time.Now()
	if err := os.Chtimes(p, now, now); err != nil {
		os.WriteFile(p, nil, 0o644)
	}
}

// lastUsed is when the workspace ws was used last: its stamp, else the folder's time.
func lastUsed(ws string) time.Time {
	if fi, err := os.Stat(filepath.Join(ws, usedStamp)); err == nil {
		return fi.ModTime()
	}
	if fi, err := os.Stat(ws); err == nil {
		return fi.ModTime()
	}
	return time.Time{}
}

// prune removes from root the workspaces past the keep most recently used (sparing
// current, those used within keepRecent and those a process runs) and the tmp- folders
// older than tmpMaxAge. It returns the folders it removed.
func prune(root, current string, keep int, now time.Time) []string {
	ents, err := os.ReadDir(root)
	if err != nil {
		return nil
	}
	type ws struct {
		path string
		used time.Time
	}
	var list []ws
	var removed []string
	for _, e := range ents {
		if !e.IsDir() {
			continue
		}
		p := filepath.Join(root, e.Name())
		if strings.HasPrefix(e.Name(), "tmp-") {
			if fi, err := e.Info(); err == nil && now.Sub(fi.ModTime()) > tmpMaxAge {
				if os.RemoveAll(p) == nil {
					removed = append(removed, p)
				}
			}
			continue
		}
		if _, err := os.Stat(filepath.Join(p, "go.mod")); err != nil {
			continue // not a workspace: not ours to remove
		}
		if _, err := os.Stat(p + ".lock"); err == nil {
			continue // a build of this set is running (see lockBuild)
		}
		list = append(list, ws{p, lastUsed(p)})
	}
	sort.Slice(list, func(i, j int) bool { return list[i].used.After(list[j].used) })
	var running map[string]bool
	for i, w := range list {
		if i < keep || w.path == current || now.Sub(w.used) < keepRecent {
			continue
		}
		if running == nil {
			running = runningBinaries()
		}
		if running[filepath.Join(w.path, "peerbook-evaluator")] {
			continue
		}
		if os.RemoveAll(w.path) == nil {
			removed = append(removed, w.path)
		}
	}
	return removed
}

// runningBinaries returns the executables of the running processes (Linux; elsewhere none).
func runningBinaries() map[string]bool {
	out := map[string]bool{}
	if runtime.GOOS != "linux" {
		return out
	}
	exes, _ := filepath.Glob("/proc/[0-9]*/exe")
	for _, e := range exes {
		if p, err := os.Readlink(e); err == nil {
			out[strings.TrimSuffix(p, " (deleted)")] = true
		}
	}
	return out
}
