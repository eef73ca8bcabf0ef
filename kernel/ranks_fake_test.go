package kernel

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/peerbook/peerbook/eval"
)

// Commands of the fake evaluator for rank sessions (see fakeSession.Execute):
//
//	whoami          prints "rank R of N" (a line per rank); the value is "rank R"
//	on R CMD        runs CMD on rank R only
//	gather TAG      an all-gather of "rR" under TAG; the value is the blobs joined by ","
//	gathermine      an all-gather under a tag of each rank's own ("t0", "t1"...)
//	dir             the value is the rank's directory and its mode ("/tmp/... drwx------")
//	halfline        writes "part-R" to fd 1 without a newline
//	dieafter MS     rank 1 exits (status 7) after MS ms; the others wait to be interrupted
//	exitlater MS N  prints "pid PID"; the process exits with status N MS ms after the cell ends
func (s *fakeSession) rankCommand(ctx context.Context, req eval.ExecuteRequest, cmd, arg string, out eval.Output) (eval.Result, error, bool) {
	rank, size := 0, 1
	if s.world != nil {
		rank, size = s.world.Rank(), s.world.Size()
	}
	switch cmd {
	case "whoami":
		out.Stream("stdout", fmt.Sprintf("rank %d of %d\n", rank, size))
		return eval.Result{Value: text(fmt.Sprintf("rank %d", rank))}, nil, true
	case "on":
		r, rest, _ := strings.Cut(arg, " ")
		if n, _ := strconv.Atoi(r); n != rank {
			return eval.Result{}, nil, true
		}
		req.Code = rest
		res, err := s.Execute(ctx, req, out)
		return res, err, true
	case "gather", "gathermine":
		if s.world == nil {
			return eval.Result{}, &eval.Error{Name: "NotRanked", Value: "no world"}, true
		}
		tag := arg
		if cmd == "gathermine" {
			tag = fmt.Sprintf("t%d", rank)
		}
		all, err := s.world.AllGather(ctx, tag, []byte(fmt.Sprintf("r%d", rank)))
		if err != nil {
			return eval.Result{}, &eval.Error{Name: "GatherError", Value: err.Error()}, true
		}
		parts := make([]string, len(all))
		for i, b := range all {
			parts[i] = string(b)
		}
		return eval.Result{Value: text(strings.Join(parts, ","))}, nil, true
	case "dir":
		dir := s.world.LocalDir()
		fi, err := os.Stat(dir)
		if err != nil {
			return eval.Result{}, &eval.Error{Name: "DirError", Value: err.Error()}, true
		}
		return eval.Result{Value: text(dir + " " + fi.Mode().String())}, nil, true
	case "halfline":
		fmt.Fprintf(os.Stdout, "part-%d", rank)
		return eval.Result{}, nil, true
	case "exitlater":
		var ms, code int
		fmt.Sscan(arg, &ms, &code)
		out.Stream("stdout", fmt.Sprintf("pid %d\n", os.Getpid()))
		go func() {
			time.Sleep(time.Duration(ms) * time.Millisecond)
			os.Exit(code)
		}()
		return eval.Result{}, nil, true
	case "dieafter":
		if rank == 1 {
			ms, _ := strconv.Atoi(arg)
			time.Sleep(time.Duration(ms) * time.Millisecond)
			os.Exit(7)
		}
		<-ctx.Done()
		return eval.Result{}, &eval.Error{Name: "Interrupted", Value: "interrupted"}, true
	}
	return eval.Result{}, nil, false
}
