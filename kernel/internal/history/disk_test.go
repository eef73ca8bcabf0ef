package history

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/peerbook/peerbook/internal/fulldisk"
)

// inputs lists the inputs of entries.
func inputs(es []Entry) []string {
	var out []string
	for _, e := range es {
		out = append(out, e.Input)
	}
	return out
}

// padToPage ends the file at a page boundary with a line that is not JSON (skipped when
// read), so that on a full tmpfs not even a short line fits after it.
func padToPage(t *testing.T, path string) {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	n := 4096 - int(fi.Size()%4096)
	if n < 2 {
		n += 4096
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	f.Write([]byte(strings.Repeat("#", n-1) + "\n"))
}

// TestFullDiskLosesNoCell: a cell whose write does not fit on the disk is reported once,
// kept in memory, cut back off the file, and written at the first Add after space came
// back; no line is torn or glued, and a new session reads every cell.
func TestFullDiskLosesNoCell(t *testing.T) {
	disk := fulldisk.Mount(t, 64<<10)
	path := filepath.Join(disk, "history.jsonl")
	s := Open(path)
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	if err := s.Add(1, "a := 1", nil); err != nil {
		t.Fatal(err)
	}
	filler := fulldisk.Fill(t, disk)
	big := strings.Repeat("b", 8<<10) // does not fit: a write cut short
	err := s.Add(2, big, nil)
	if !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("Add on a full disk: %v, want ENOSPC", err)
	}
	if err := s.Add(3, "c := 3", nil); err != nil {
		t.Errorf("the second failed write was reported too: %v", err)
	}
	if got := inputs(s.Tail(10)); len(got) != 3 {
		t.Errorf("in memory: %d entries, want 3", len(got))
	}
	data, _ := os.ReadFile(path)
	if !strings.HasSuffix(string(data), "\n") || strings.Contains(string(data), "bbb") {
		t.Errorf("the file after the failed writes ends %q", data[max(0, len(data)-40):])
	}
	os.Remove(filler)
	if err := s.Add(4, "d := 4", nil); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s2 := Open(path)
	defer s2.Close()
	got := inputs(s2.Range(-1, 1, 0))
	if len(got) != 4 || got[1] != big || got[3] != "d := 4" {
		t.Errorf("the next session reads %d cells of the first (%.20q...), want 4", len(got), got)
	}
}

// TestTornLineDoesNotGlue: a line a kill left without its end stays a line of its own
// (skipped, not JSON); the entry appended after it is read back.
func TestTornLineDoesNotGlue(t *testing.T) {
	path := filepath.Join(t.TempDir(), "history.jsonl")
	os.WriteFile(path, []byte(`{"session":1,"line":0,"input":""}`+"\n"+`{"session":1,"line":1,"input":"x := 1"}`+"\n"+`{"session":1,"line":2,"inp`), 0o600)
	s := Open(path)
	s.Add(1, "after the tear", nil)
	s.Close()
	s2 := Open(path)
	defer s2.Close()
	if got := inputs(s2.Range(-1, 1, 0)); len(got) != 1 || got[0] != "after the tear" {
		t.Errorf("session 2 reads %q", got)
	}
	if got := inputs(s2.Range(1, 1, 0)); len(got) != 1 || got[0] != "x := 1" {
		t.Errorf("session 1 reads %q", got)
	}
}

// TestFullDiskAtStart: a kernel started while the disk is full shows the history in the
// file, says once why it can't write, and writes its cells once there is room, with a
// session number of its own.
func TestFullDiskAtStart(t *testing.T) {
	disk := fulldisk.Mount(t, 64<<10)
	path := filepath.Join(disk, "history.jsonl")
	s := Open(path)
	s.Add(1, "earlier", nil)
	s.Close()
	padToPage(t, path)
	filler := fulldisk.Fill(t, disk)
	s = Open(path)
	if err := s.Err(); !errors.Is(err, syscall.ENOSPC) {
		t.Errorf("Err = %v, want ENOSPC", err)
	}
	if got := inputs(s.Tail(10)); len(got) != 1 || got[0] != "earlier" {
		t.Errorf("the history shown: %q", got)
	}
	if err := s.Add(1, "while full", nil); err != nil {
		t.Errorf("reported again: %v", err)
	}
	// Another kernel takes session 2 meanwhile.
	os.Remove(filler)
	other := Open(path)
	other.Add(1, "the other kernel", nil)
	other.Close()
	if err := s.Add(2, "with room", nil); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s3 := Open(path)
	defer s3.Close()
	if s3.Session() != 4 {
		t.Errorf("the next session is %d, want 4", s3.Session())
	}
	if got := inputs(s3.Range(-1, 1, 0)); len(got) != 2 || got[0] != "while full" || got[1] != "with room" {
		t.Errorf("session 3 reads %q", got)
	}
	if got := inputs(s3.Range(2, 1, 0)); len(got) != 1 || got[0] != "the other kernel" {
		t.Errorf("session 2 reads %q", got)
	}
}

// TestReadOnlyDisk: on a read-only disk the history is shown and the session's cells are
// kept in memory; Err says why once.
func TestReadOnlyDisk(t *testing.T) {
	disk := fulldisk.Mount(t, 64<<10)
	path := filepath.Join(disk, "history.jsonl")
	s := Open(path)
	s.Add(1, "earlier", nil)
	s.Close()
	fulldisk.ReadOnly(t, disk)
	s = Open(path)
	defer s.Close()
	if err := s.Err(); !errors.Is(err, syscall.EROFS) {
		t.Errorf("Err = %v, want EROFS", err)
	}
	if err := s.Add(1, "now", nil); err != nil {
		t.Errorf("reported again: %v", err)
	}
	if got := inputs(s.Tail(10)); len(got) != 2 || got[0] != "earlier" || got[1] != "now" {
		t.Errorf("the history shown: %q", got)
	}
}
