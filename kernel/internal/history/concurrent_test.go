package history

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestMain runs a history writer when the test binary is started as one (writerEnv set):
// a kernel's use of the history, in a process of its own.
func TestMain(m *testing.M) {
	if args := os.Getenv(writerEnv); args != "" {
		writer(strings.Fields(args))
		return
	}
	os.Exit(m.Run())
}

const writerEnv = "PEERBOOK_HISTORY_TEST_WRITER"

// writer opens the history at path, prints its session number, then adds n cells
// "NAME-i", pausing ms between them.
func writer(args []string) {
	path, name := args[0], args[1]
	n, _ := strconv.Atoi(args[2])
	ms, _ := strconv.Atoi(args[3])
	s := Open(path)
	if err := s.Err(); err != nil {
		fmt.Println("error:", err)
		os.Exit(1)
	}
	fmt.Println(s.Session())
	for i := 1; i <= n; i++ {
		time.Sleep(time.Duration(ms) * time.Millisecond)
		if err := s.Add(i, fmt.Sprintf("%s-%d", name, i), nil); err != nil {
			fmt.Println("error:", err)
			os.Exit(1)
		}
	}
	s.Close()
}

// startWriter starts a writer process; its session number arrives on the channel.
func startWriter(t *testing.T, path, name string, n, ms int) (*exec.Cmd, chan int) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), fmt.Sprintf("%s=%s %s %d %d", writerEnv, path, name, n, ms))
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	session := make(chan int, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if n, err := strconv.Atoi(sc.Text()); err == nil {
				session <- n
			} else {
				t.Errorf("writer %s: %s", name, sc.Text())
			}
		}
	}()
	return cmd, session
}

// TestTwoKernelsAtOnce: a kernel writes cells while a second one starts, compacts the
// file and writes its own: every cell of both must be in the file, under two sessions.
func TestTwoKernelsAtOnce(t *testing.T) {
	if !locking {
		t.Skip("no file locking on " + runtime.GOOS)
	}
	path := filepath.Join(t.TempDir(), "history.jsonl")
	var b strings.Builder
	for i := 0; i < MaxEntries+MaxEntries/10+100; i++ { // enough for the second to compact
		fmt.Fprintf(&b, `{"session":1,"line":%d,"input":"old"}`+"\n", i+1)
	}
	os.WriteFile(path, []byte(b.String()), 0o600)

	const n = 30
	a, sa := startWriter(t, path, "A", n, 10)
	sessA := <-sa
	time.Sleep(50 * time.Millisecond) // A has written some cells
	bcmd, sb := startWriter(t, path, "B", n, 5)
	sessB := <-sb
	if err := a.Wait(); err != nil {
		t.Fatal(err)
	}
	if err := bcmd.Wait(); err != nil {
		t.Fatal(err)
	}
	if sessA == sessB {
		t.Errorf("both kernels got session %d", sessA)
	}
	entries, _, _, _, err := readFile(path)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, e := range entries {
		if e.Input != "old" {
			got[e.Input] = e.Session
		}
	}
	for _, w := range []struct {
		name    string
		session int
	}{{"A", sessA}, {"B", sessB}} {
		for i := 1; i <= n; i++ {
			in := fmt.Sprintf("%s-%d", w.name, i)
			if s, ok := got[in]; !ok || s != w.session {
				t.Errorf("cell %s: in the file %v, session %d, want %d", in, ok, s, w.session)
			}
		}
	}
	if t.Failed() {
		t.Logf("%d entries besides the old ones", len(got))
	}
}

// TestSessionsUniqueWhenStartedTogether starts kernels at the same moment: each must get a
// session number of its own.
func TestSessionsUniqueWhenStartedTogether(t *testing.T) {
	if !locking {
		t.Skip("no file locking on " + runtime.GOOS)
	}
	path := filepath.Join(t.TempDir(), "history.jsonl")
	os.WriteFile(path, []byte(`{"session":7,"line":1,"input":"x"}`+"\n"), 0o600)
	const k = 6
	var wg sync.WaitGroup
	sessions := make(chan int, k)
	for i := 0; i < k; i++ {
		cmd, s := startWriter(t, path, fmt.Sprint("W", i), 1, 0)
		wg.Add(1)
		go func() {
			defer wg.Done()
			sessions <- <-s
			cmd.Wait()
		}()
	}
	wg.Wait()
	close(sessions)
	seen := map[int]bool{}
	for s := range sessions {
		if seen[s] || s <= 7 {
			t.Errorf("session %d given twice or not above the file's 7", s)
		}
		seen[s] = true
	}
	if len(seen) != k {
		t.Errorf("%d distinct sessions for %d kernels", len(seen), k)
	}
}

// TestHugeEntries: a line longer than any entry can be is skipped without hiding the
// entries after it, and a cell over MaxInput is stored truncated, said so, and not kept
// whole in memory.
func TestHugeEntries(t *testing.T) {
	path := filepath.Join(t.TempDir(), "history.jsonl")
	huge := strings.Repeat("h", 70<<20) // over the old 64 MB scanner limit and maxLine
	os.WriteFile(path, []byte(`{"session":1,"line":1,"input":"before"}`+"\n"+
		`{"session":1,"line":2,"input":"`+huge+`"}`+"\n"+
		`{"session":1,"line":3,"input":"after"}`+"\n"), 0o600)
	huge = ""
	s := Open(path)
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	if r := s.Range(1, 1, 0); len(r) != 2 || r[0].Input != "before" || r[1].Input != "after" {
		t.Fatalf("entries around the huge line: %d", len(r))
	}

	big := strings.Repeat("β", 50<<20) // 100 MB
	err := s.Add(1, big, nil)
	if err == nil || !strings.Contains(err.Error(), "104857600 bytes") {
		t.Errorf("Add of a 100 MB cell: %v", err)
	}
	big = ""
	s.Add(2, "small", nil)
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	if ms.HeapAlloc > 40<<20 {
		t.Errorf("%d MB of heap after a 100 MB cell: it is held", ms.HeapAlloc>>20)
	}
	tail := s.Tail(2)
	if len(tail[0].Input) > MaxInput || tail[0].Truncated != 100<<20 || !strings.HasPrefix(tail[0].Input, "βββ") || tail[1].Input != "small" {
		t.Errorf("tail: %d bytes, truncated %d, then %q", len(tail[0].Input), tail[0].Truncated, tail[1].Input)
	}
	s.Close()

	s2 := Open(path)
	defer s2.Close()
	r := s2.Range(-1, 1, 0)
	if len(r) != 2 || r[0].Truncated != 100<<20 || r[1].Input != "small" {
		t.Errorf("after a restart: %d entries", len(r))
	}
}

// TestMemoryBound: a file of more big entries than MaxMemory holds is read keeping only
// the newest that fit, and compacted to them.
func TestMemoryBound(t *testing.T) {
	path := filepath.Join(t.TempDir(), "history.jsonl")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	big := strings.Repeat("m", MaxInput-10)
	const n = 2*MaxMemory/MaxInput + 10
	for i := 1; i <= n; i++ {
		fmt.Fprintf(w, `{"session":1,"line":%d,"input":"%s"}`+"\n", i, big)
	}
	w.Flush()
	f.Close()
	s := Open(path)
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	all := s.Tail(n)
	if len(all) == 0 || len(all) > MaxMemory/(MaxInput-10) || all[len(all)-1].Line != n {
		t.Errorf("%d entries in memory, the last line %d", len(all), all[len(all)-1].Line)
	}
	s.Close()
	fi, _ := os.Stat(path)
	if fi.Size() > MaxMemory+1<<20 {
		t.Errorf("file of %d MB after compaction", fi.Size()>>20)
	}
	s2 := Open(path)
	defer s2.Close()
	if got := s2.Tail(n); len(got) != len(all) || got[len(got)-1].Line != n {
		t.Errorf("after compaction: %d entries", len(got))
	}
}
