package kernel

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/peerbook/peerbook/internal/evalproto"
)

// %ranks is a magic of the kernel, not of the Go session: it starts and ends processes.
//
//	%ranks              say how the session runs (one evaluator, or N ranks)
//	%ranks N            run the session as N ranks (1: one evaluator again); state is lost
//	%ranks N --launcher mpirun|srun [ARGS...]
//	                    the same, the ranks started by a cluster launcher (ranks_launch.go)
//	%ranks N --launcher none
//	                    the same, the ranks started by the kernel
//
// `%ranks N` keeps the launcher in use, so that a notebook that asks for its ranks runs as
// well under `peerbook run --ranks N --launcher mpirun`.
//	%ranks show R|all   show the rich output of rank R, or of every rank (labelled)
//
// It is written `//peerbook:ranks ...` too, as the session's magics are, and must be
// alone in its cell (comments aside): the cell restarts the session.

// ranksCell is a parsed %ranks cell.
type ranksCell struct {
	n        int       // ranks to run; 0: not asked
	launcher *launcher // with n: start them through it
	local    bool      // with n: started by the kernel (--launcher none)
	show     *int      // rank whose rich output to show (showAll: every rank's)
	err      string
}

// parseRanksCell reports whether code is a %ranks cell, and what it asks.
func parseRanksCell(code string) (ranksCell, bool) {
	var args []string
	found, other := false, false
	for _, line := range strings.Split(code, "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) == 0:
		case f[0] == "%ranks" || f[0] == "//peerbook:ranks":
			if found {
				return ranksCell{err: "%ranks: one %ranks line per cell"}, true
			}
			found, args = true, f[1:]
		case !strings.HasPrefix(f[0], "//"):
			other = true
		}
	}
	if !found {
		return ranksCell{}, false
	}
	if other {
		return ranksCell{err: "%ranks must be alone in its cell (it restarts the session): move the code to another cell"}, true
	}
	const usage = "usage: %ranks N [--launcher mpirun|srun ARGS...] (1 to 64: run the session as N ranks; 1 is one evaluator), %ranks show R|all, or %ranks alone to see how the session runs"
	switch {
	case len(args) == 0:
		return ranksCell{}, true
	case args[0] == "show" && len(args) == 2:
		if args[1] == "all" {
			v := showAll
			return ranksCell{show: &v}, true
		}
		r, err := strconv.Atoi(args[1])
		if err != nil || r < 0 {
			return ranksCell{err: fmt.Sprintf("%%ranks show %s: want a rank (0, 1, ...) or all", args[1])}, true
		}
		return ranksCell{show: &r}, true
	case len(args) == 1 || len(args) > 2 && args[1] == "--launcher":
		n, err := strconv.Atoi(args[0])
		if err != nil || n < 1 || n > MaxRanks {
			return ranksCell{err: fmt.Sprintf("%%ranks %s: want a number of ranks from 1 to %d; %s", args[0], MaxRanks, usage)}, true
		}
		rc := ranksCell{n: n}
		if len(args) > 2 {
			if len(args) == 3 && args[2] == "none" {
				rc.local = true
				return rc, true
			}
			if n < 2 {
				return ranksCell{err: "%ranks 1 --launcher: a launcher starts 2 ranks or more (%ranks 1 is one evaluator, started by the kernel)"}, true
			}
			if rc.launcher, err = parseLauncher(strings.Join(args[2:], " ")); err != nil {
				return ranksCell{err: "%ranks: " + err.Error()}, true
			}
		}
		return rc, true
	}
	return ranksCell{err: "%ranks " + strings.Join(args, " ") + ": " + usage}, true
}

// ranksError is the error of a %ranks cell.
func ranksError(msg string) *evalproto.Error {
	return &evalproto.Error{Name: "RanksError", Value: msg, Traceback: []string{"\x1b[0;31mRanksError\x1b[0m: " + msg}}
}

// shown is the rank whose rich output is shown (showAll: every rank's).
func (s *supervisor) shown() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.show
}

// runRanksCell does what a %ranks cell asks and returns its answer: the text to show, or
// its error. ctx and interrupts end the wait for new ranks to start.
func (s *supervisor) runRanksCell(ctx context.Context, rc ranksCell, interrupts <-chan struct{}) (string, *evalproto.Error) {
	if rc.err != "" {
		return "", ranksError(rc.err)
	}
	size := s.rankCount()
	switch {
	case rc.show != nil:
		if size == 1 {
			return "", ranksError("%ranks show: the session is one evaluator, not in rank mode (%ranks N starts N ranks)")
		}
		if *rc.show >= size {
			return "", ranksError(fmt.Sprintf("%%ranks show %d: the session has ranks 0 to %d", *rc.show, size-1))
		}
		s.mu.Lock()
		s.show = *rc.show
		s.mu.Unlock()
		if *rc.show == showAll {
			return "rich output (displays, the cell's value) of every rank, each labelled with its rank\n", nil
		}
		return fmt.Sprintf("rich output (displays, the cell's value) of rank %d\n", *rc.show), nil
	case rc.n == 0:
		return s.describeRanks(), nil
	}
	if rc.n > 1 && rc.launcher == nil && !rc.local {
		rc.launcher = s.currentLauncher() // kept
	}
	if rc.n == size && s.launcherString() == rc.launcher.String() {
		return fmt.Sprintf("the session already runs as %s: nothing changed\n", plural(size)), nil
	}
	s.setRanks(rc.n, rc.launcher, time.Second)
	s.mu.Lock()
	s.show = 0
	s.mu.Unlock()
	if rc.n == 1 {
		return "the session is one evaluator again; the ranks' state (variables, functions, imports) was lost\n", nil
	}
	g, err := s.currentRanks()
	if err == nil {
		err = g.waitReady(ctx, interrupts)
	}
	if err != nil {
		return "", ranksError(fmt.Sprintf("%d ranks could not start: %v", rc.n, err))
	}
	where := "on this host"
	if rc.launcher != nil {
		where = "by " + rc.launcher.String() + ", connected to the kernel over TCP (" + strings.Join(g.hosts(), ", ") + ")"
	}
	return fmt.Sprintf("%d ranks started %s: every cell now runs on each of them (gpu.Rank() is 0 to %d, gpu.Ranks() is %d),\n"+
		"its text output labelled with the rank ([0] ...), rich output shown from rank 0 (%%ranks show R|all to change).\n"+
		"The session's state (variables, functions, imports) was lost: the ranks started empty.\n", rc.n, where, rc.n-1, rc.n), nil
}

// describeRanks says how the session runs.
func (s *supervisor) describeRanks() string {
	n := s.rankCount()
	if n == 1 {
		return "the session is one evaluator (%ranks N runs it as N ranks)\n"
	}
	show := "rank " + strconv.Itoa(s.shown())
	if s.shown() == showAll {
		show = "every rank"
	}
	where := "on this host"
	if l := s.launcherString(); l != "" {
		where = "started by " + l
	}
	return fmt.Sprintf("the session runs as %d ranks %s; rich output of %s is shown\n", n, where, show)
}

// currentLauncher is the launcher of the ranks, nil when the kernel starts them.
func (s *supervisor) currentLauncher() *launcher {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.launch
}

// launcherString is the launcher command of the ranks, "" when the kernel starts them.
func (s *supervisor) launcherString() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.launch.String()
}

func plural(n int) string {
	if n == 1 {
		return "one evaluator"
	}
	return fmt.Sprintf("%d ranks", n)
}
