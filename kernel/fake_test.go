package kernel

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/peerbook/peerbook/display"
	"github.com/peerbook/peerbook/eval"
	"github.com/peerbook/peerbook/internal/evaluator"
	"github.com/peerbook/peerbook/internal/ranks"
)

// The test binary is also the evaluator child: with fakeEnv set it serves fakeSession,
// a tiny command language standing in for eval.Session.
const fakeEnv = "PEERBOOK_TEST_FAKE_EVALUATOR"

func TestMain(m *testing.M) {
	if os.Getenv(fakeEnv) == "1" {
		countSignals()
		os.Exit(evaluator.Main(func(w ranks.World) (evaluator.Session, error) {
			if d, err := time.ParseDuration(os.Getenv(fakeEnv + "_SLOW_START")); err == nil {
				time.Sleep(d)
			}
			s := newFakeSession()
			s.world = w
			return s, nil
		}))
	}
	os.Exit(m.Run())
}

// sigints counts the SIGINTs the fake evaluator process received (the "sigints" command).
var sigints atomic.Int64

// countSignals counts SIGINTs beside the evaluator's own handler (signal.Notify delivers
// to every channel registered).
func countSignals() {
	ch := make(chan os.Signal, 16)
	signal.Notify(ch, os.Interrupt)
	go func() {
		for range ch {
			sigints.Add(1)
		}
	}()
}

type fakeSession struct {
	mu    sync.Mutex
	vars  map[string]string
	world ranks.World // nil: not a rank
}

func newFakeSession() *fakeSession { return &fakeSession{vars: map[string]string{}} }

func text(s string) *display.Bundle {
	return &display.Bundle{Data: map[string]any{"text/plain": s}, Metadata: map[string]any{}}
}

// Execute runs one command per cell:
//
//	print X / eprint X      Output.Stream to stdout / stderr
//	fdprint X / fdeprint X  write to fd 1 / fd 2 directly, as compiled code does
//	tickwait N DIR          N lines on fd 1, each followed by a wait for the file DIR/I
//	flood N                 N MiB on fd 1, in lines of 1024 bytes, as fast as the pipe takes them
//	value X                 the cell's value is X
//	set K V / get K         state
//	fail [MS]                a cell error
//	spin                    print "running", then run until interrupted
//	hang                    print "running", then run forever, ignoring interrupts
//	crash                   panic in a goroutine (kills the process)
//	mapcrash                concurrent map writes (a fatal runtime error)
//	exit N                  os.Exit(N)
//	input P                 read a line with prompt P; the value is "got: LINE"
//	display X / update ID X / clear
//	page X                  a page payload
//	bg                      print "late" from a goroutine 100 ms after the cell ended
//	expr                    the value of the user expression "x" is "X"
//	sigints                 the value is the number of SIGINTs the process received
func (s *fakeSession) Execute(ctx context.Context, req eval.ExecuteRequest, out eval.Output) (eval.Result, error) {
	cmd, arg, _ := strings.Cut(req.Code, " ")
	switch cmd {
	case "print":
		out.Stream("stdout", arg+"\n")
	case "eprint":
		out.Stream("stderr", arg+"\n")
	case "fdprint":
		fmt.Fprintln(os.Stdout, arg)
	case "fdeprint":
		fmt.Fprintln(os.Stderr, arg)
	case "tickwait":
		f := strings.Fields(arg)
		n, _ := strconv.Atoi(f[0])
		for i := 0; i < n; i++ {
			fmt.Fprintf(os.Stdout, "tick %d\n", i)
			for {
				if _, err := os.Stat(filepath.Join(f[1], strconv.Itoa(i))); err == nil || ctx.Err() != nil {
					break
				}
				time.Sleep(time.Millisecond)
			}
		}
	case "flood":
		n, _ := strconv.Atoi(arg)
		line := strings.Repeat("x", 1023) + "\n"
		mib := []byte(strings.Repeat(line, 1024))
		for i := 0; i < n; i++ {
			if _, err := os.Stdout.Write(mib); err != nil {
				return eval.Result{}, &eval.Error{Name: "WriteError", Value: err.Error()}
			}
		}
	case "value":
		return eval.Result{Value: text(arg)}, nil
	case "sigints":
		return eval.Result{Value: text(strconv.FormatInt(sigints.Load(), 10))}, nil
	case "set":
		k, v, _ := strings.Cut(arg, " ")
		s.mu.Lock()
		s.vars[k] = v
		s.mu.Unlock()
	case "get":
		s.mu.Lock()
		v, ok := s.vars[arg]
		s.mu.Unlock()
		if !ok {
			return eval.Result{}, &eval.Error{Name: "NotFound", Value: arg + " is not set", Traceback: []string{"NotFound: " + arg}}
		}
		return eval.Result{Value: text(v)}, nil
	case "fail":
		if ms, err := strconv.Atoi(arg); err == nil {
			time.Sleep(time.Duration(ms) * time.Millisecond) // "fail MS": fail after MS ms
		}
		return eval.Result{}, &eval.Error{Name: "TestError", Value: "failed on purpose", Traceback: []string{"TestError: failed on purpose", "at cell line 1"}}
	case "spin":
		out.Stream("stdout", "running\n") // tests wait for it before they interrupt
		for ctx.Err() == nil {
		}
		return eval.Result{}, &eval.Error{Name: "Interrupted", Value: "interrupted", Traceback: []string{"Interrupted"}}
	case "hang":
		out.Stream("stdout", "running\n")
		for {
			time.Sleep(time.Millisecond)
		}
	case "crash":
		go func() { panic("boom in goroutine") }()
		time.Sleep(time.Hour)
	case "mapcrash":
		m := map[int]int{}
		for g := 0; g < 4; g++ {
			go func() {
				for i := 0; ; i++ {
					m[i%100] = i
				}
			}()
		}
		time.Sleep(time.Hour)
	case "exit":
		n, _ := strconv.Atoi(arg)
		os.Exit(n)
	case "input":
		v, err := out.Input(arg, false)
		if err != nil {
			return eval.Result{}, &eval.Error{Name: "InputError", Value: err.Error()}
		}
		return eval.Result{Value: text("got: " + v)}, nil
	case "display":
		out.Display(display.Bundle{Data: map[string]any{"text/plain": arg, "text/html": "<b>" + arg + "</b>"}}, "", false)
	case "update":
		id, v, _ := strings.Cut(arg, " ")
		out.Display(*text(v), id, false)
		out.Display(*text(v + "!"), id, true)
	case "clear":
		out.Stream("stdout", "before\n")
		out.ClearOutput(true)
	case "page":
		return eval.Result{Payloads: []map[string]any{{"source": "page", "data": map[string]any{"text/plain": arg}, "start": 0}}}, nil
	case "bg":
		go func() {
			time.Sleep(100 * time.Millisecond)
			out.Stream("stdout", "late\n")
		}()
	case "expr":
		return eval.Result{UserExpressions: map[string]any{"x": map[string]any{"status": "ok", "data": map[string]any{"text/plain": "X"}, "metadata": map[string]any{}}}}, nil
	default:
		if res, err, ok := s.rankCommand(ctx, req, cmd, arg, out); ok {
			return res, err
		}
		return eval.Result{}, &eval.Error{Name: "UnknownCommand", Value: cmd}
	}
	return eval.Result{}, nil
}

var fakeWords = []string{"Print", "Printf", "Println", "Sprint"}

func (s *fakeSession) Complete(code string, cursor int) eval.Completion {
	start := cursor
	for start > 0 && code[start-1] != ' ' && code[start-1] != '.' {
		start--
	}
	var m []string
	for _, w := range fakeWords {
		if strings.HasPrefix(w, code[start:cursor]) {
			m = append(m, w)
		}
	}
	return eval.Completion{Matches: m, CursorStart: start, CursorEnd: cursor}
}

func (s *fakeSession) Inspect(code string, cursor, detail int) eval.Inspection {
	if !strings.Contains(code, "Println") {
		return eval.Inspection{}
	}
	return eval.Inspection{Found: true, Data: map[string]any{"text/plain": "func Println(a ...any) (n int, err error)"}}
}

func (s *fakeSession) IsComplete(code string) (string, string) {
	switch {
	case strings.HasSuffix(code, "{"):
		return "incomplete", "\t"
	case strings.HasPrefix(code, "}"):
		return "invalid", ""
	}
	return "complete", ""
}

func (s *fakeSession) Close() error { return nil }
