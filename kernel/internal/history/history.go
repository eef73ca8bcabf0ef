// Package history keeps the cells a kernel ran, for history requests (tail, range, search),
// and persists them in a JSON-lines file so that a restarted kernel still has them.
//
// Each kernel process is one session, numbered one more than the highest session in the
// file. Line numbers are the cells' execution counts, as in IPython.
//
// Several kernels may share the file at once. Every change to it happens under an
// exclusive lock (flock on path+".lock", on Linux and the BSDs): a kernel takes its session
// number and writes a line that claims it (line 0) in one turn, so two kernels never share
// one; cells are appended, each in its own turn, to the file as it is at that moment (it is
// opened for each append), so a compaction by another kernel, which rewrites the file
// through a rename in its turn, loses none of them.
//
// A full or read-only disk loses nothing that can be kept: the history in the file is shown
// all the same, the cells of this session are kept in memory and written, in order, at the
// first Add that can write again (at most MaxPending of them wait), and Add reports the
// first failed write of a run of them only (Err, one at start). A write cut short is cut
// back off the file; a line left torn by a kill is ended before the next entry is
// appended, so it never glues to it (and, not being JSON, is skipped when read).
//
// An entry's input and output are stored at most MaxInput bytes long; a longer one is
// stored truncated (Entry.Truncated says from what size) and Add says so. Lines of the file
// longer than any entry can be (written by other programs or older versions) are skipped,
// never hiding the entries after them. A store holds at most MaxEntries entries of at most
// MaxMemory bytes, reading the file too, and compaction keeps what it holds.
package history

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/peerbook/peerbook/internal/atomicfile"
)

// Entry is one cell in the history.
type Entry struct {
	Session int     `json:"session"`
	Line    int     `json:"line"`
	Input   string  `json:"input"`
	Output  *string `json:"output,omitempty"` // text/plain of the cell's result, if any
	// Truncated is the size in bytes of the input or output that was cut to MaxInput
	// (the larger of the two), 0 when nothing was.
	Truncated int `json:"truncated,omitempty"`
}

// Limits of a store.
const (
	// MaxEntries is how many entries the file holds after compaction (at most MaxMemory
	// bytes of them); it is compacted when a kernel starts and finds a tenth more lines,
	// or a file of twice MaxMemory.
	MaxEntries = 10000
	// MaxInput bounds the bytes of an entry's input, and of its output, as stored.
	MaxInput = 1 << 20
	// MaxMemory bounds the bytes of inputs and outputs a store keeps in memory: the
	// oldest entries beyond it are dropped from memory (and from the file at its next
	// compaction).
	MaxMemory = 64 << 20
	// maxLine bounds a line read from the file: an entry's JSON is at most about 6 bytes
	// per byte of input and output (escapes), plus its fields.
	maxLine = 12*MaxInput + 4096
	// MaxPending bounds the entries of this session that wait in memory to be written
	// (the disk was full): past it the oldest are written no more (they stay in memory).
	MaxPending = 1000
)

// ErrTruncated is wrapped by Add's error for a cell stored truncated.
var ErrTruncated = errors.New("history: stored truncated")

// WriteError is the first of a run of writes to the file that failed (a full or read-only
// disk): the cells are kept in memory meanwhile.
type WriteError struct{ Err error }

// Error says what failed, and that the cells are kept.
func (e *WriteError) Error() string {
	return e.Err.Error() + "; this session's cells are kept in memory, and written when the file can be written again"
}

// Unwrap is the write's error (errors.Is(err, syscall.ENOSPC) holds for a full disk).
func (e *WriteError) Unwrap() error { return e.Err }

// Store is a history. Its methods are safe for concurrent use.
type Store struct {
	path   string
	loaded chan struct{}

	mu      sync.Mutex
	entries []Entry
	bytes   int // of the entries' inputs and outputs
	session int
	lockf   *os.File // the lock file, open while the store is
	loadErr error

	claimed bool    // the session's line 0 is in the file
	pending []Entry // this session's entries not written yet
	failing bool    // the last write failed (reported once, see Add)
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
	// What can't be written (a full or read-only disk) is reported, and what can be read
	// is shown all the same.
	var werr error
	if err := os.MkdirAll(filepath.Dir(s.path), 0o700); err != nil {
		werr = fmt.Errorf("history: %w", err)
	}
	lf, err := os.OpenFile(s.path+".lock", os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		werr, lf = fmt.Errorf("history: %w", err), nil
	} else if err := lock(lf); err != nil {
		lf.Close()
		werr, lf = fmt.Errorf("history: lock %s: %w", lf.Name(), err), nil
	}
	if lf != nil {
		defer unlock(lf)
	}
	entries, last, lines, dropped, err := readFile(s.path)
	if err != nil && !os.IsNotExist(err) {
		s.loadErr = err
	}
	s.session = last + 1
	for i := range entries {
		s.bytes += size(&entries[i])
	}
	s.entries = entries
	if lf == nil {
		s.noteWrite(werr)
		return
	}
	s.lockf = lf
	fi, _ := os.Stat(s.path)
	if lines > MaxEntries+MaxEntries/10 || dropped > 0 && fi != nil && fi.Size() > 2*MaxMemory {
		if err := rewrite(s.path, last, entries); err != nil && s.loadErr == nil {
			s.loadErr = err
		}
	}
	// Claim the session number before another kernel can read the file.
	if err := appendLine(s.path, &Entry{Session: s.session}); err != nil {
		s.noteWrite(err)
		return
	}
	s.claimed = true
}

// noteWrite records the outcome of a write and returns the error to report: the first
// failure of a run of them (also kept for Err while nothing else failed), else nil.
func (s *Store) noteWrite(err error) error {
	if err == nil {
		s.failing = false
		return nil
	}
	if s.failing {
		return nil
	}
	s.failing = true
	err = &WriteError{err}
	if s.loadErr == nil {
		s.loadErr = err
	}
	return err
}

// size is what e's input and output weigh in memory.
func size(e *Entry) int {
	n := len(e.Input)
	if e.Output != nil {
		n += len(*e.Output)
	}
	return n
}

// readFile reads the last entries of a history file (at most MaxEntries, of at most
// MaxMemory bytes: dropped counts the older ones it let go) and the highest session number
// in it, skipping lines that don't parse or are longer than maxLine; lines counts the
// lines.
func readFile(path string) (entries []Entry, last, lines, dropped int, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, 0, 0, err
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 64<<10)
	var line []byte
	tooLong := false
	first, bytes := 0, 0 // entries[first:] are kept, of bytes in all
	keep := func() []Entry {
		return append([]Entry(nil), entries[first:]...)
	}
	for {
		chunk, rerr := r.ReadSlice('\n')
		if !tooLong && len(line)+len(chunk) <= maxLine {
			line = append(line, chunk...)
		} else {
			tooLong, line = true, line[:0]
		}
		if rerr == bufio.ErrBufferFull {
			continue
		}
		if len(line) > 0 || tooLong {
			lines++
		}
		var e Entry
		if !tooLong && len(line) > 0 && json.Unmarshal(line, &e) == nil && e.Session > 0 {
			last = max(last, e.Session)
			if e.Line > 0 {
				truncate(&e)
				entries = append(entries, e)
				bytes += size(&e)
				for len(entries)-first > MaxEntries || bytes > MaxMemory {
					bytes -= size(&entries[first])
					entries[first] = Entry{}
					first++
					dropped++
				}
				if first > 1024 && first > len(entries)/2 {
					entries, first = keep(), 0
				}
			}
		}
		line, tooLong = line[:0], false
		if rerr == io.EOF {
			return keep(), last, lines, dropped, nil
		}
		if rerr != nil {
			return keep(), last, lines, dropped, fmt.Errorf("history: read %s: %w", path, rerr)
		}
	}
}

// truncate cuts e's input and output to MaxInput bytes (at a character boundary), copying
// what it keeps so that the whole text can be freed.
func truncate(e *Entry) {
	cut := func(s string) string {
		if len(s) <= MaxInput {
			return s
		}
		e.Truncated = max(e.Truncated, len(s))
		n := MaxInput
		for n > 0 && !utf8.RuneStart(s[n]) {
			n--
		}
		return strings.Clone(s[:n])
	}
	e.Input = cut(e.Input)
	if e.Output != nil {
		o := cut(*e.Output)
		e.Output = &o
	}
}

// appendLine appends e to the file as one line. The caller holds the lock: the file is
// opened for each append so that it is the file at path now, not one a compaction
// replaced. A file that does not end with a newline (a line torn by a kill) gets one first,
// so that the torn line stays a line of its own; a write cut short (a full disk) is cut
// back off.
func appendLine(path string, e *Entry) error {
	b, err := json.Marshal(e)
	if err != nil {
		return fmt.Errorf("history: %w", err)
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return fmt.Errorf("history: %w", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return fmt.Errorf("history: %w", err)
	}
	line := make([]byte, 0, len(b)+2)
	if end := fi.Size(); end > 0 {
		var last [1]byte
		if _, err := f.ReadAt(last[:], end-1); err == nil && last[0] != '\n' {
			line = append(line, '\n')
		}
	}
	line = append(append(line, b...), '\n')
	if _, err := f.Write(line); err != nil {
		f.Truncate(fi.Size())
		return fmt.Errorf("history: write %s: %w", path, err)
	}
	return nil
}

// rewrite replaces the file with a line claiming session last, then entries, whole or not
// at all (package atomicfile). The caller holds the lock.
func rewrite(path string, last int, entries []Entry) error {
	f, err := atomicfile.Create(path, 0o600)
	if err != nil {
		return fmt.Errorf("history: compact: %w", err)
	}
	w := bufio.NewWriter(f)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	if last > 0 {
		enc.Encode(&Entry{Session: last})
	}
	for i := range entries {
		enc.Encode(&entries[i])
	}
	if err := w.Flush(); err != nil {
		f.Abort()
		return fmt.Errorf("history: compact: %w", err)
	}
	if err := f.Commit(); err != nil {
		return fmt.Errorf("history: compact: %w", err)
	}
	return nil
}

// Err is why the file could not be read or written when the store opened (or, since, the
// first write that failed while nothing else did), or nil.
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
// text of its result. An input or output over MaxInput bytes is stored truncated, and the
// error (wrapping ErrTruncated) says so. A write that fails (a full or read-only disk)
// keeps the entry in memory, to be written at a later Add; the error says so for the
// first failure of a run of them only.
func (s *Store) Add(line int, input string, output *string) error {
	<-s.loaded
	e := Entry{Session: s.Session(), Line: line, Input: input, Output: output}
	truncate(&e)
	var warn error
	if e.Truncated > 0 {
		warn = fmt.Errorf("%w: cell %d of session %d has %d bytes of input or output, over the limit of %d: its first %d are kept",
			ErrTruncated, line, e.Session, e.Truncated, MaxInput, MaxInput)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.entries = append(s.entries, e)
	s.bytes += size(&e)
	if drop := 0; len(s.entries) > 2*MaxEntries || s.bytes > MaxMemory {
		for drop < len(s.entries)-1 && (len(s.entries)-drop > MaxEntries || s.bytes > MaxMemory) {
			s.bytes -= size(&s.entries[drop])
			drop++
		}
		s.entries = append([]Entry(nil), s.entries[drop:]...)
	}
	if s.path == "" {
		return warn
	}
	s.pending = append(s.pending, e)
	if n := len(s.pending) - MaxPending; n > 0 {
		s.pending = append([]Entry(nil), s.pending[n:]...)
	}
	return errors.Join(s.noteWrite(s.flush()), warn)
}

// flush writes the session's claim, if it is not in the file yet, and the pending
// entries, in order, up to the first that fails.
func (s *Store) flush() error {
	if s.lockf == nil {
		lf, err := os.OpenFile(s.path+".lock", os.O_RDWR|os.O_CREATE, 0o600)
		if err != nil {
			return fmt.Errorf("history: %w", err)
		}
		s.lockf = lf
	}
	if err := lock(s.lockf); err != nil {
		return fmt.Errorf("history: lock %s: %w", s.lockf.Name(), err)
	}
	defer unlock(s.lockf)
	if !s.claimed {
		// Another kernel may have taken this session's number meanwhile: take the next
		// free one, for the entries in memory too.
		last, err := lastSession(s.path)
		if err != nil && !os.IsNotExist(err) {
			return err
		}
		if last >= s.session {
			s.renumber(last + 1)
		}
		if err := appendLine(s.path, &Entry{Session: s.session}); err != nil {
			return err
		}
		s.claimed = true
	}
	for len(s.pending) > 0 {
		if err := appendLine(s.path, &s.pending[0]); err != nil {
			return err
		}
		s.pending = s.pending[1:]
	}
	s.pending = nil
	return nil
}

// renumber makes this session's entries session n.
func (s *Store) renumber(n int) {
	for i := range s.entries {
		if s.entries[i].Session == s.session {
			s.entries[i].Session = n
		}
	}
	for i := range s.pending {
		s.pending[i].Session = n
	}
	s.session = n
}

// lastSession is the highest session number in the file.
func lastSession(path string) (int, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 64<<10)
	last := 0
	for {
		line, err := r.ReadSlice('\n')
		if err == nil || err == io.EOF {
			var e struct {
				Session int `json:"session"`
			}
			if json.Unmarshal(line, &e) == nil {
				last = max(last, e.Session)
			}
		}
		if err == io.EOF {
			return last, nil
		}
		if err != nil && err != bufio.ErrBufferFull {
			return last, fmt.Errorf("history: read %s: %w", path, err)
		}
		if err == bufio.ErrBufferFull { // a long line: skip the rest of it
			for err == bufio.ErrBufferFull {
				_, err = r.ReadSlice('\n')
			}
			if err == io.EOF {
				return last, nil
			}
		}
	}
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

// Close writes what waits to be written, if it can, and closes the file.
func (s *Store) Close() error {
	<-s.loaded
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.pending) > 0 {
		s.flush()
	}
	if s.lockf == nil {
		return nil
	}
	err := s.lockf.Close()
	s.lockf = nil
	return err
}
