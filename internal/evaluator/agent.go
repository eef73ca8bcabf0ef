package evaluator

import (
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	osexec "os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/peerbook/peerbook/internal/ranknet"
	"github.com/peerbook/peerbook/internal/ranks"
)

// The rank agent: under a cluster launcher (mpirun, srun) the kernel does not start the
// ranks itself. The launcher starts `peerbook evaluator` once per rank, with
// PEERBOOK_RANK_CONNECT, PEERBOOK_RANK_KEY and PEERBOOK_RANK_SESSION in its environment
// (package ranknet); that process is the agent. It reads its rank from the launcher
// (launcherPosition), dials the kernel over TCP (signed frames), and starts the evaluator
// proper as its child exactly as the kernel starts a local one (fd 3 and 4 pipes, fd 1 and 2
// pipes, its own process group, SIGTERM when the agent dies), then carries the bytes of
// those four pipes, both ways, over the connection, with the sync markers in them: the
// kernel reads them as it reads a local child's pipes, so output stays before its reply and
// crash reports reach it. The agent forwards SIGINT and SIGKILL the kernel asks for, and
// the evaluator's exit status; when the connection ends, it kills the evaluator and exits.
// The key is removed from the evaluator's environment: cells never see it.

// agentConnectTimeout bounds dialling the kernel and its answer to the hello.
const agentConnectTimeout = 30 * time.Second

// runAgent is Main under a launcher. It returns the process exit status.
func runAgent() int {
	fail := func(err error) int {
		fmt.Fprintf(os.Stderr, "peerbook evaluator (rank agent): %v\n", err)
		return 2
	}
	addr := os.Getenv(ranknet.EnvConnect)
	key, err := hex.DecodeString(os.Getenv(ranknet.EnvKey))
	if err != nil || len(key) == 0 {
		return fail(fmt.Errorf("%s must hold the session's key in hex (the launcher exports it, e.g. mpirun -x %s)", ranknet.EnvKey, ranknet.EnvKey))
	}
	session := os.Getenv(ranknet.EnvSession)
	rank, size, err := launcherPosition(os.Getenv)
	if err != nil {
		return fail(err)
	}
	if want, _ := strconv.Atoi(os.Getenv(ranks.EnvRanks)); want > 0 && want != size {
		return fail(fmt.Errorf("the launcher started %d ranks; the kernel asked for %d", size, want))
	}
	host := hostID()
	conn, err := ranknet.Dial(addr, key, ranknet.Hello{Session: session, Rank: rank, Size: size, PID: os.Getpid(), Host: host}, agentConnectTimeout)
	if err != nil {
		return fail(fmt.Errorf("rank %d of %d: connect to the kernel at %s: %w", rank, size, addr, err))
	}
	defer conn.Close()
	dir, made, err := rankDir(os.Getenv(ranks.EnvLocalDir), session)
	if err != nil {
		return fail(err)
	}
	if made {
		defer os.RemoveAll(dir)
	}
	env := agentEnv(os.Environ(), rank, size, dir)
	return serveAgent(conn, os.Args, env)
}

// launcherPosition reads the rank and size a launcher gave this process: OpenMPI's
// OMPI_COMM_WORLD_RANK/SIZE, PMI's PMI_RANK/PMI_SIZE (MPICH, Intel MPI), Slurm's
// SLURM_PROCID/SLURM_NTASKS, or PEERBOOK_RANK/RANKS.
func launcherPosition(getenv func(string) string) (rank, size int, err error) {
	for _, v := range [][2]string{
		{"OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE"},
		{"PMI_RANK", "PMI_SIZE"},
		{"SLURM_PROCID", "SLURM_NTASKS"},
		{ranks.EnvRank, ranks.EnvRanks},
	} {
		r, s := getenv(v[0]), getenv(v[1])
		if r == "" {
			continue
		}
		rank, err1 := strconv.Atoi(r)
		size, err2 := strconv.Atoi(s)
		if err1 != nil || err2 != nil || size < 1 || rank < 0 || rank >= size {
			return 0, 0, fmt.Errorf("%s=%q, %s=%q: not a rank and a number of ranks", v[0], r, v[1], s)
		}
		return rank, size, nil
	}
	return 0, 0, errors.New("this process's rank is not known: none of OMPI_COMM_WORLD_RANK, PMI_RANK, SLURM_PROCID or " + ranks.EnvRank + " is set (start it through mpirun or srun)")
}

// rankDir is the session's directory on this host: the kernel's (dir), where this host has
// it as a directory of this user's that only this user can enter, else one made here,
// private (0700), named after the session so that the ranks of this host share it. made
// says this process made it (and removes it).
func rankDir(dir, session string) (string, bool, error) {
	if dir != "" && privateDir(dir) == nil {
		return dir, false, nil
	}
	if session == "" || strings.ContainsAny(session, "/\\.") {
		return "", false, fmt.Errorf("%s=%q: not a session name", ranknet.EnvSession, session)
	}
	d := filepath.Join(os.TempDir(), "peerbook-ranks-"+session)
	err := os.Mkdir(d, 0o700)
	if err != nil && !errors.Is(err, os.ErrExist) {
		return "", false, fmt.Errorf("the ranks' directory on this host: %w", err)
	}
	if err := privateDir(d); err != nil {
		return "", false, err
	}
	return d, err == nil, nil
}

// privateDir checks that dir is a directory of this user's with mode 0700.
func privateDir(dir string) error {
	fi, err := os.Lstat(dir)
	if err != nil {
		return err
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !fi.IsDir() || fi.Mode().Perm() != 0o700 || (ok && int(st.Uid) != os.Getuid()) {
		return fmt.Errorf("%s is not a private directory of this user (mode %v): refused as the ranks' directory", dir, fi.Mode())
	}
	return nil
}

// agentEnv is the evaluator's environment: the agent's without the connection's variables
// (the key above all), with the rank's position.
func agentEnv(environ []string, rank, size int, dir string) []string {
	var env []string
	for _, kv := range environ {
		name, _, _ := strings.Cut(kv, "=")
		switch name {
		case ranknet.EnvConnect, ranknet.EnvKey, ranknet.EnvSession, ranks.EnvRank, ranks.EnvRanks, ranks.EnvLocalDir:
			continue
		}
		env = append(env, kv)
	}
	return append(env, ranks.EnvRank+"="+strconv.Itoa(rank), ranks.EnvRanks+"="+strconv.Itoa(size), ranks.EnvLocalDir+"="+dir)
}

// agentSpawner starts the evaluator from one OS thread that lives as long as the agent:
// Linux sends the parent-death signal when the thread that started a child exits.
var agentSpawner = make(chan func())

func init() {
	go func() {
		runtime.LockOSThread() // never unlocked
		for f := range agentSpawner {
			f()
		}
	}()
}

// serveAgent starts the evaluator (argv, env) and carries its pipes over conn until it
// ends; it returns the agent's exit status.
func serveAgent(conn *ranknet.Conn, argv, env []string) int {
	reqR, reqW, err1 := os.Pipe()
	evR, evW, err2 := os.Pipe()
	outR, outW, err3 := os.Pipe()
	errR, errW, err4 := os.Pipe()
	if err := errors.Join(err1, err2, err3, err4); err != nil {
		conn.Send(ranknet.KindExit, []byte("the rank agent could not make pipes: "+err.Error()))
		return 1
	}
	cmd := osexec.Command(argv[0], argv[1:]...)
	cmd.Env = env
	cmd.Stdout, cmd.Stderr = outW, errW
	cmd.ExtraFiles = []*os.File{reqR, evW} // fd 3, fd 4 (evaluator.RequestFD, EventFD)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGTERM}
	started := make(chan error, 1)
	agentSpawner <- func() { started <- cmd.Start() }
	err := <-started
	for _, f := range []*os.File{reqR, evW, outW, errW} {
		f.Close()
	}
	if err != nil {
		conn.Send(ranknet.KindExit, []byte("the rank agent could not start the evaluator: "+err.Error()))
		return 1
	}
	var pipes sync.WaitGroup
	forward := func(r *os.File, kind byte) {
		defer pipes.Done()
		defer r.Close()
		buf := make([]byte, 32<<10)
		for {
			n, err := r.Read(buf)
			if n > 0 && conn.Send(kind, buf[:n]) != nil {
				io.Copy(io.Discard, r) // the kernel is gone: drain, the kill follows
				return
			}
			if err != nil {
				return
			}
		}
	}
	pipes.Add(3)
	go forward(evR, ranknet.KindEvents)
	go forward(outR, ranknet.KindStdout)
	go forward(errR, ranknet.KindStderr)
	go func() {
		defer reqW.Close()
		for {
			kind, p, err := conn.Recv()
			if err != nil {
				// The kernel is gone (or broke the protocol): the evaluator ends with it.
				cmd.Process.Kill()
				return
			}
			switch kind {
			case ranknet.KindRequests:
				if _, err := reqW.Write(p); err != nil {
					cmd.Process.Kill()
					return
				}
			case ranknet.KindInterrupt:
				cmd.Process.Signal(os.Interrupt)
			case ranknet.KindKill:
				cmd.Process.Kill()
			}
		}
	}()
	werr := cmd.Wait()
	drained := make(chan struct{})
	go func() { pipes.Wait(); close(drained) }()
	select {
	case <-drained:
	case <-time.After(time.Second): // a grandchild holds the pipes open
	}
	status := "exit status 0"
	if werr != nil {
		status = werr.Error()
	}
	conn.Send(ranknet.KindExit, []byte(status))
	return 0
}
