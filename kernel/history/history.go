// Package history keeps the cells a kernel ran, for history requests (tail, range, search),
// and persists them in a JSON-lines file so that a restarted kernel still has them.
//
// Each kernel process is one session, numbered one more than the highest session in the
// file. Line numbers are the cells' execution counts, as in IPython.
package history

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"
)

// Entry is one cell in the history.
type Entry struct {
	Session int     `json:"session"`
	Line    int     `json:"line"`
	Input   string  `json:"input"`
	Output  *string `json:"output,omitempty"` // text/plain of the cell's result, if any
}

// MaxEntries is how many entries a store keeps (and the file holds after compaction).
const MaxEntries = 10000

// Store is a history. Its methods are safe for concurrent use.
type Store struct {
	path   string
	loaded chan struct{}

	mu      sync.Mutex
	entries []Entry
	session int
	file    *os.File
	loadErr error
}

// DefaultPath is where history lives: $PEERBOOK_HISTORY when set ("none" keeps history in
// memory only), else $XDG_DATA_HOME/peerbook/history.jsonl, else
// ~/.local/share/peerbook/history.jsonl. "" means in memory.
func DefaultPath() string {
	if p := os.Getenv("PEERBOOK_HISTORY"); p != "" {
		if p == "none" {
			return ""
		}
		return p
	}
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "peerbook", "history.jsonl")
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return ""
	}
	return filepath.Join(home, ".local", "share", "peerbook", "history.jsonl")
}

// Open returns the store backed by the file at path ("" for memory only). The file is read
// in the background; methods wait for it. A file that can't be read or written leaves the
// store working in memory; Err says why.
func Open(path string) *Store {
	s := &Store{path: path, loaded: make(chan struct{})}
	go s.load()
	return s
}

func (s *Store) load() {
	defer close(s.loaded)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.session = 1
	if s.path == "" {
		return
	}
	entries, err := readFile(s.path)
	if err != nil && !os.IsNotExist(err) {
		s.loadErr = err
	}
	for _, e := range entries {
		if e.Session >= s.session {
			s.session = e.Session + 1
		}
	}
	if len(entries) > MaxEntries {
		entries = entries[len(entries)-MaxEntries:]
		if err := rewrite(s.path, entries); err != nil && s.loadErr == nil {
			s.loadErr = err
		}
	}
	s.entries = entries
	if err := os.MkdirAll(filepath.Dir(s.path), 0o700); err != nil {
		s.loadErr = fmt.Errorf("history: %w", err)
		return
	}
	f, err := os.OpenFile(s.path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		s.loadErr = fmt.Errorf("history: %w", err)
		return
	}
	s.file = f
}

// readFile reads the entries of a history file, skipping lines that don't parse.
func readFile(path string) ([]Entry, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var entries []Entry
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 64<<20)
	for sc.Scan() {
		var e Entry
		if json.Unmarshal(sc.Bytes(), &e) == nil && e.Session > 0 {
			entries = append(entries, e)
		}
	}
	if err := sc.Err(); err != nil {
		return entries, fmt.Errorf("history: read %s: %w", path, err)
	}
	return entries, nil
}

// rewrite replaces the file with entries (atomically, through a temporary file).
func rewrite(path string, entries []Entry) error {
	tmp := path + ".tmp"
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return fmt.Errorf("history: compact: %w", err)
	}
	w := bufio.NewWriter(f)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for i := range entries {
		enc.Encode(&entries[i])
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return fmt.Errorf("history: compact: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("history: compact: %w", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("history: compact: %w", err)
	}
	return nil
}

// Err is why the file could not be used, or nil.
func (s *Store) Err() error {
	<-s.loaded
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.loadErr
}

// Session is this process's session number.
func (s *Store) Session() int {
	<-s.loaded
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.session
}

// Add records cell line of this session with its input and, when output is not nil, the
// text of its result.
func (s *Store) Add(line int, input string, output *string) error {
	<-s.loaded
	s.mu.Lock()
	defer s.mu.Unlock()
	e := Entry{Session: s.session, Line: line, Input: input, Output: output}
	s.entries = append(s.entries, e)
	if len(s.entries) > 2*MaxEntries {
		s.entries = append([]Entry(nil), s.entries[len(s.entries)-MaxEntries:]...)
	}
	if s.file == nil {
		return nil
	}
	b, err := json.Marshal(&e)
	if err != nil {
		return fmt.Errorf("history: %w", err)
	}
	if _, err := s.file.Write(append(b, '\n')); err != nil {
		return fmt.Errorf("history: write %s: %w", s.path, err)
	}
	return nil
}

// Tail returns the last n entries (all sessions), oldest first. n <= 0 returns none.
func (s *Store) Tail(n int) []Entry {
	<-s.loaded
	s.mu.Lock()
	defer s.mu.Unlock()
	if n <= 0 {
		return nil
	}
	if n > len(s.entries) {
		n = len(s.entries)
	}
	return append([]Entry(nil), s.entries[len(s.entries)-n:]...)
}

// Range returns the entries of session with start <= line < stop, in order. Session 0 is
// this session and negative sessions count back from it; stop <= 0 means to the end.
func (s *Store) Range(session, start, stop int) []Entry {
	<-s.loaded
	s.mu.Lock()
	defer s.mu.Unlock()
	if session <= 0 {
		session += s.session
	}
	var out []Entry
	for _, e := range s.entries {
		if e.Session == session && e.Line >= start && (stop <= 0 || e.Line < stop) {
			out = append(out, e)
		}
	}
	return out
}

// Search returns the entries whose input matches the glob pattern (* any text, ? one
// character, [...] a class; the whole input must match), oldest first: the last n of them
// when n > 0, and only the latest entry of each distinct input when unique.
func (s *Store) Search(pattern string, n int, unique bool) []Entry {
	<-s.loaded
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Entry
	seen := map[string]bool{}
	for i := len(s.entries) - 1; i >= 0 && (n <= 0 || len(out) < n); i-- {
		e := s.entries[i]
		if !Match(pattern, e.Input) {
			continue
		}
		if unique {
			if seen[e.Input] {
				continue
			}
			seen[e.Input] = true
		}
		out = append(out, e)
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// Close closes the file.
func (s *Store) Close() error {
	<-s.loaded
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.file == nil {
		return nil
	}
	err := s.file.Close()
	s.file = nil
	return err
}
