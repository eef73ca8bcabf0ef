package kernel

import (
	"context"
	"errors"
	"io"
	"log"
	"net"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/peerbook/peerbook/internal/evalproto"
	"github.com/peerbook/peerbook/internal/ranknet"
)

// mpirunLauncher is the OpenMPI launcher command for the tests (2 cores: oversubscribed;
// root, as CI runs, needs its consent), or a SKIP.
func mpirunLauncher(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("mpirun"); err != nil {
		t.Skip("no mpirun (apt-get install openmpi-bin): the launcher tests need OpenMPI")
	}
	l := "mpirun --oversubscribe"
	if os.Geteuid() == 0 {
		l += " --allow-run-as-root"
	}
	return l
}

func startLaunchedSession(t *testing.T, n int) *Session {
	t.Helper()
	t.Setenv("PEERBOOK_RANK_HOST", "127.0.0.1")
	s, err := StartSession(SessionConfig{EvaluatorCommand: []string{os.Args[0]}, EvaluatorEnv: []string{fakeEnv + "=1"},
		Ranks: n, Launcher: mpirunLauncher(t)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close(time.Second) })
	return s
}

// mpirun starts the ranks over loopback: each connects back, signed, and the session runs
// as with ranks of its own: labelled output, all-gathers, errors naming ranks, interrupts
// that keep state, and a rank's death that ends and relaunches every rank.
func TestRanksLaunchedByMpirun(t *testing.T) {
	s := startLaunchedSession(t, 2)
	d, ev := run(t, s, "whoami")
	if got := sortedLines(ev.streams["stdout"]); !slices.Equal(got, []string{"[0] rank 0 of 2", "[1] rank 1 of 2"}) || plainOf(d) != "rank 0" {
		t.Fatalf("whoami: %q, value %q, error %+v", got, plainOf(d), d.Error)
	}
	// Output written to the evaluator's fd 1 and 2 crosses the connection in order, before
	// the reply.
	_, ev = run(t, s, "fdprint x")
	if got := sortedLines(ev.streams["stdout"]); !slices.Equal(got, []string{"[0] x", "[1] x"}) {
		t.Errorf("fd 1: %q", got)
	}
	if d, _ := run(t, s, "gather g"); plainOf(d) != "r0,r1" {
		t.Errorf("gather: %q %+v", plainOf(d), d.Error)
	}
	if d, _ := run(t, s, "on 1 fail"); d.Error == nil || d.Error.Value != "on rank 1 of 2: failed on purpose" {
		t.Errorf("fail: %+v", d.Error)
	}
	d, _ = run(t, s, "dir")
	if !strings.HasSuffix(plainOf(d), " drwx------") {
		t.Errorf("rank directory %q", plainOf(d))
	}

	run(t, s, "set x kept")
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(300*time.Millisecond, cancel)
	d, err := execute(t, s, ctx, "spin", &recordedEvents{})
	if err != nil || d.Error == nil || d.Error.Name != "Interrupted" || !strings.HasPrefix(d.Error.Value, "on all 2 ranks") {
		t.Fatalf("interrupt: %v %+v", err, d)
	}
	if d, _ := run(t, s, "on 1 get x"); d.Error != nil {
		t.Errorf("rank 1 lost its state to an interrupt: %+v", d.Error)
	}

	_, err = execute(t, s, context.Background(), "dieafter 50", &recordedEvents{})
	var lost *SessionLostError
	if !errors.As(err, &lost) || lost.Summary() != "rank 1 of 2: exit status 7" {
		t.Fatalf("rank death: %v", err)
	}
	d, ev = run(t, s, "whoami")
	if got := sortedLines(ev.streams["stdout"]); !slices.Equal(got, []string{"[0] rank 0 of 2", "[1] rank 1 of 2"}) {
		t.Errorf("after the relaunch: %q %+v", got, d.Error)
	}
	if d, _ := run(t, s, "on 1 get x"); d.Error == nil {
		t.Error("rank 1 kept its state through a relaunch")
	}
}

// A launcher that fails ends the cell with an error naming the rank and quoting the
// launcher.
func TestRanksLauncherFailureIsTheCellsError(t *testing.T) {
	mpirunLauncher(t)
	t.Setenv("PEERBOOK_RANK_HOST", "127.0.0.1")
	s, err := StartSession(SessionConfig{EvaluatorCommand: []string{"/nonexistent/peerbook"}, Ranks: 2, Launcher: mpirunLauncher(t)})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(time.Second)
	_, err = execute(t, s, context.Background(), "whoami", &recordedEvents{})
	if err == nil || !strings.Contains(err.Error(), "never connected: mpirun") || !strings.Contains(err.Error(), "mpirun") {
		t.Errorf("err = %v", err)
	}
}

// The kernel accepts a rank only with a hello signed with the session's key, of this
// launch, for a rank in range, once; everything else is closed and changes nothing.
func TestRankConnectionsAreChecked(t *testing.T) {
	s := newSupervisor([]string{"none"}, nil, log.New(io.Discard, "", 0))
	s.rankKey = []byte("the session's key, 32 bytes long")
	g := &rankGen{sup: s, size: 2, dir: t.TempDir()}
	s.mu.Lock()
	for r := 0; r < 2; r++ {
		g.kids = append(g.kids, s.remoteChildLocked(g, r))
	}
	s.mu.Unlock()
	defer func() {
		for _, c := range g.kids {
			c.proc.Kill()
		}
	}()
	go func() { // the kernel's reader of msgs
		for range s.msgs {
		}
	}()
	try := func(key []byte, h ranknet.Hello) (bool, error) {
		kc, ac := net.Pipe()
		res := make(chan bool, 1)
		go func() { res <- s.acceptRank(g, "launch-1", kc) }()
		conn, err := dialPipe(ac, key, h)
		if conn != nil {
			defer conn.Close()
		}
		return <-res, err
	}
	good := ranknet.Hello{Session: "launch-1", Rank: 1, Size: 2, PID: 1}
	for name, c := range map[string]struct {
		key  []byte
		h    ranknet.Hello
		want string
	}{
		"wrong key":      {[]byte("another key"), good, "EOF"},
		"other launch":   {s.rankKey, ranknet.Hello{Session: "launch-0", Rank: 1, Size: 2}, "another launch"},
		"rank too large": {s.rankKey, ranknet.Hello{Session: "launch-1", Rank: 2, Size: 2}, "not in [0, 2)"},
		"other size":     {s.rankKey, ranknet.Hello{Session: "launch-1", Rank: 0, Size: 3}, "started 3 ranks"},
	} {
		ok, err := try(c.key, c.h)
		if ok || err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: accepted %v, %v (want %q)", name, ok, err, c.want)
		}
	}
	if g.kids[1].proc.(*remoteProc).attached() {
		t.Fatal("a refused connection was attached")
	}
	if ok, err := try(s.rankKey, good); !ok || err != nil {
		t.Fatalf("the right hello: %v %v", ok, err)
	}
	if ok, err := try(s.rankKey, good); ok || err == nil || !strings.Contains(err.Error(), "already connected") {
		t.Errorf("a second rank 1: %v %v", ok, err)
	}
	if g.allConnected() {
		t.Error("rank 0 never connected")
	}
}

// dialPipe is ranknet.Dial over an existing connection.
func dialPipe(nc net.Conn, key []byte, h ranknet.Hello) (*ranknet.Conn, error) {
	return ranknet.Connect(nc, key, h, 2*time.Second)
}

// In the Jupyter kernel, `%ranks N --launcher ...` starts the ranks through the launcher.
func TestKernelRanksThroughMpirun(t *testing.T) {
	launcher := mpirunLauncher(t)
	t.Setenv("PEERBOOK_RANK_HOST", "127.0.0.1")
	c := connect(t, startKernel(t, kernelOpts{}))
	r, io := c.execute("%ranks 2 --launcher " + launcher)
	if content(r)["status"] != "ok" || !strings.Contains(streamText(io, "stdout"), "2 ranks started by "+launcher) {
		t.Fatalf("%%ranks: %v %q", content(r), streamText(io, "stdout"))
	}
	if _, io = c.execute("whoami"); !slices.Equal(sortedLines(streamText(io, "stdout")), []string{"[0] rank 0 of 2", "[1] rank 1 of 2"}) {
		t.Errorf("whoami: %q", streamText(io, "stdout"))
	}
	if r, io = c.execute("%ranks"); !strings.Contains(streamText(io, "stdout"), "started by "+launcher) {
		t.Errorf("%%ranks: %q", streamText(io, "stdout"))
	}
	// %ranks N keeps the launcher (a notebook's own %ranks cell under peerbook run --launcher);
	// --launcher none goes back to ranks of the kernel's own.
	if _, io = c.execute("%ranks 2"); !strings.Contains(streamText(io, "stdout"), "nothing changed") {
		t.Errorf("%%ranks 2 under the launcher: %q", streamText(io, "stdout"))
	}
	if _, io = c.execute("%ranks 2 --launcher none"); !strings.Contains(streamText(io, "stdout"), "2 ranks started on this host") {
		t.Errorf("%%ranks 2 --launcher none: %q", streamText(io, "stdout"))
	}
}

// BenchmarkLaunchedRankCell is BenchmarkRankCell with 2 ranks started by mpirun and
// connected over loopback TCP: the cost of the signed frames.
func BenchmarkLaunchedRankCell(b *testing.B) {
	if _, err := exec.LookPath("mpirun"); err != nil {
		b.Skip("no mpirun")
	}
	l := "mpirun --oversubscribe"
	if os.Geteuid() == 0 {
		l += " --allow-run-as-root"
	}
	b.Setenv("PEERBOOK_RANK_HOST", "127.0.0.1")
	s, err := StartSession(SessionConfig{EvaluatorCommand: []string{os.Args[0]}, EvaluatorEnv: []string{fakeEnv + "=1"}, Ranks: 2, Launcher: l})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close(time.Second)
	for b.Loop() {
		if d, err := s.Execute(context.Background(), evalproto.ExecuteRequest{Code: "value 2"}, &recordedEvents{}); err != nil || d.Error != nil {
			b.Fatal(err, d)
		}
	}
}
