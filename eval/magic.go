package eval

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"os"
	"os/exec"
	"regexp"
	"sort"
	"strings"
	"text/tabwriter"
	"time"
)

// A cell may start with, or contain on lines of their own, magics in IPython's style. Each
// one can also be written as a //peerbook: comment, so that the cell stays valid Go:
//
//	%help [name]        //peerbook:help [name]    help, or a name's documentation, in the pager
//	%time               //peerbook:time           time the cell's Go code
//	%env [NAME[=VALUE]] //peerbook:env ...        list, show or set environment variables
//	%who                //peerbook:who            list the session's variables and their types
//	%reset              //peerbook:reset          forget everything the session defined
//	!cmd                //peerbook:sh cmd         run a shell command, output streamed
//	%go get MOD@VER     //peerbook:go get ...     the module version the evaluator was built with
//	%go mod             //peerbook:go mod         the module set in use (Options.GoMagic)
//	%%cuda              //peerbook:cuda           (first line) the cell is CUDA C source
//	%%timeline          //peerbook:timeline       chart what the devices did while the cell ran
//	name? or ?name                                the pager shows name's documentation
//	                                                (a line of its own; after the cell's code)
//
// Magics run first, in the order written; the cell's Go code runs after them.

// magic is one magic line.
type magic struct {
	name string // "help", "time", "env", "who", "reset", "sh"
	arg  string
	line int
}

// magicCell is a cell with its magics taken out.
type magicCell struct {
	magics []magic
	code   string // the Go code, magic lines blanked (line numbers kept)
	cuda   bool   // %%cuda: code is CUDA C starting at cudaLine
	line   int    // first line of the code (1, or 2 after a %%cuda line)
	query  string // name? / ?name: the name to document
	detail int    // 1 for name??
}

// magicNames are the magics that exist, for errors and help.
var magicNames = []string{"help", "time", "timeline", "env", "who", "reset", "sh", "go"}

var queryRe = regexp.MustCompile(`^\s*(\?{1,2})?([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)(\?{1,2})?\s*$`)

// queryOf reads a query: name? or ?name (?? for more detail), or any expression followed
// by ? (gpu.Dev(0).AllocShared?). Go has no '?', so such a line is never Go.
func queryOf(text string) (query string, detail int, ok bool) {
	if m := queryRe.FindStringSubmatch(text); m != nil && (m[1] != "") != (m[3] != "") {
		if len(m[1]) == 2 || len(m[3]) == 2 {
			detail = 1
		}
		return m[2], detail, true
	}
	t := strings.TrimSpace(text)
	e, found := strings.CutSuffix(t, "?")
	if !found || strings.HasPrefix(t, "//") || strings.HasPrefix(t, "?") {
		return "", 0, false
	}
	if e2, found := strings.CutSuffix(e, "?"); found {
		e, detail = e2, 1
	}
	x, err := parser.ParseExpr(e)
	if err != nil {
		return "", 0, false
	}
	if _, lit := x.(*ast.BasicLit); lit {
		return "", 0, false
	}
	return strings.TrimSpace(e), detail, true
}

// parseMagics takes the magics out of a cell.
func parseMagics(code string) (*magicCell, error) {
	mc := &magicCell{code: code, line: 1}
	if q, detail, ok := queryOf(code); ok {
		mc.query, mc.detail, mc.code = q, detail, ""
		return mc, nil
	}
	lines := strings.Split(code, "\n")
	// A first line %%cuda (or //peerbook:cuda) makes the whole cell CUDA C.
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if t == "" {
			continue
		}
		if t == "%%cuda" || t == "//peerbook:cuda" {
			mc.cuda = true
			mc.line = i + 2
			mc.code = strings.Join(lines[i+1:], "\n")
			return mc, nil
		}
		if strings.HasPrefix(t, "%%") {
			name := strings.Fields(t[2:])
			if len(name) > 0 && (name[0] == "time" || name[0] == "timeline") {
				mc.magics = append(mc.magics, magic{name: name[0], line: i + 1})
				lines[i] = ""
				break
			}
			return nil, fmt.Errorf("line %d: unknown cell magic %q (known: %%%%cuda, %%%%time, %%%%timeline)", i+1, t)
		}
		break
	}
	prevContinues := false
	for i, l := range lines {
		t := strings.TrimSpace(l)
		var m magic
		switch {
		case strings.HasPrefix(t, "//peerbook:"):
			f := strings.TrimPrefix(t, "//peerbook:")
			name, arg, _ := strings.Cut(f, " ")
			m = magic{name: name, arg: strings.TrimSpace(arg), line: i + 1}
		case strings.HasPrefix(t, "%") && !strings.HasPrefix(t, "%%"):
			name, arg, _ := strings.Cut(t[1:], " ")
			m = magic{name: name, arg: strings.TrimSpace(arg), line: i + 1}
		case strings.HasPrefix(t, "!") && !prevContinues && !strings.HasPrefix(t, "!=") && len(t) > 1:
			m = magic{name: "sh", arg: strings.TrimSpace(t[1:]), line: i + 1}
		default:
			if q, detail, ok := queryOf(t); ok {
				// name? on a line of its own (never Go): documented after the cell's code ran.
				mc.query, mc.detail = q, detail
				lines[i] = ""
				continue
			}
			if t != "" && !strings.HasPrefix(t, "//") {
				prevContinues = continues(t)
			}
			continue
		}
		if !contains(magicNames, m.name) {
			return nil, fmt.Errorf("line %d: unknown magic %q (known: %s)", i+1, m.name, strings.Join(magicNames, ", "))
		}
		mc.magics = append(mc.magics, m)
		lines[i] = ""
	}
	mc.code = strings.Join(lines, "\n")
	return mc, nil
}

// continues reports whether a Go line ends in a way that continues on the next line (so a
// next line starting with '!' is an operand, not a shell command).
func continues(line string) bool {
	if i := strings.Index(line, "//"); i >= 0 {
		line = strings.TrimSpace(line[:i])
	}
	for _, suffix := range []string{"&&", "||", "(", ",", "=", "+", "-", "*", "/", "%", "&", "|", "^", "<", ">", ":", "!", "[", "{"} {
		if strings.HasSuffix(line, suffix) {
			return true
		}
	}
	return false
}

// magicError is the Error of a malformed magic.
func magicError(err error) *Error {
	return &Error{Name: NameMagic, Value: err.Error(), Traceback: []string{ansiRed + "magic: " + err.Error() + ansiReset}}
}

// runMagics runs a cell's magics, then its code.
func (s *Session) runMagics(ctx context.Context, c *cellState, mc *magicCell) (Result, error) {
	var res Result
	if mc.query != "" && strings.TrimSpace(mc.code) == "" && len(mc.magics) == 0 && !mc.cuda {
		return s.pageDoc(mc.query, mc.detail), nil
	}
	timed, traced := false, false
	for _, m := range mc.magics {
		switch m.name {
		case "time":
			timed = true
		case "timeline":
			traced = true
		case "help":
			if m.arg != "" {
				r := s.pageDoc(m.arg, 0)
				res.Payloads = append(res.Payloads, r.Payloads...)
			} else {
				res.Payloads = append(res.Payloads, pagePayload(helpText))
			}
		case "env":
			if err := s.envMagic(m.arg); err != nil {
				return res, magicError(err)
			}
		case "who":
			s.whoMagic()
		case "reset":
			if err := s.resetMagic(); err != nil {
				return res, err
			}
		case "sh":
			if err := s.shell(ctx, m.arg); err != nil {
				return res, err
			}
		case "go":
			if s.opts.GoMagic == nil {
				return res, magicError(fmt.Errorf("%%go %s: third-party modules are not available in this session", m.arg))
			}
			out, err := s.opts.GoMagic(m.arg)
			if err != nil {
				return res, magicError(err)
			}
			s.stdout.sync(false)
			fmt.Fprint(s.stdout.w, out)
		}
	}
	if strings.TrimSpace(mc.code) == "" && !mc.cuda {
		if mc.query != "" {
			res.Payloads = append(res.Payloads, s.pageDoc(mc.query, mc.detail).Payloads...)
		}
		return res, nil
	}
	start := time.Now()
	var r Result
	var err error
	if traced {
		// The chart of what the devices did shows under the cell's output, also when the
		// cell failed part way.
		stop := s.hooks().StartTimeline()
		defer func() {
			tl, stopErr := stop()
			s.syncStreams()
			if stopErr != nil {
				fmt.Fprintf(s.stderr.w, "timeline: %v\n", stopErr)
			}
			showValue(tl)
		}()
	}
	if mc.cuda {
		r, err = s.runCUDA(ctx, c, mc.code, mc.line)
	} else {
		r, err = s.runGo(ctx, c, mc.code)
	}
	if timed {
		s.stdout.sync(false)
		fmt.Fprintf(s.stdout.w, "Wall time: %s\n", formatElapsed(time.Since(start)))
	}
	r.Payloads = append(res.Payloads, r.Payloads...)
	if err == nil && mc.query != "" {
		// The query's documentation, once the code (its imports) ran.
		r.Payloads = append(r.Payloads, s.pageDoc(mc.query, mc.detail).Payloads...)
	}
	return r, err
}

// formatElapsed prints a duration with 3 significant digits.
func formatElapsed(d time.Duration) string {
	switch {
	case d < time.Microsecond:
		return fmt.Sprintf("%d ns", d.Nanoseconds())
	case d < time.Millisecond:
		return fmt.Sprintf("%.3g µs", float64(d.Nanoseconds())/1e3)
	case d < time.Second:
		return fmt.Sprintf("%.3g ms", float64(d.Nanoseconds())/1e6)
	default:
		return fmt.Sprintf("%.3g s", d.Seconds())
	}
}

// pagePayload is an execute_reply payload that opens the frontend's pager.
func pagePayload(text string) map[string]any {
	return map[string]any{"source": "page", "data": map[string]any{"text/plain": text}, "start": 0}
}

// pageDoc answers name? with the name's documentation in the pager.
func (s *Session) pageDoc(name string, detail int) Result {
	doc, ok := s.describeExpr(name) // any expression: gpu.Dev(0).AllocShared, gpu.Buffer.Reshape
	if !ok {
		doc, ok = s.describeLocked(name, detail, true)
	}
	if !ok {
		fmt.Fprintf(s.stdout.w, "Object `%s` not found.\n", name)
		return Result{}
	}
	return Result{Payloads: []map[string]any{pagePayload(doc)}}
}

// envMagic implements %env.
func (s *Session) envMagic(arg string) error {
	if arg == "" {
		env := os.Environ()
		sort.Strings(env)
		fmt.Fprintln(s.stdout.w, strings.Join(env, "\n"))
		return nil
	}
	name, value, set := strings.Cut(arg, "=")
	if !set {
		if f := strings.Fields(arg); len(f) == 2 {
			name, value, set = f[0], f[1], true
		}
	}
	name = strings.TrimSpace(name)
	if name == "" || strings.ContainsAny(name, " \t") {
		return fmt.Errorf("%%env: bad variable name in %q (use %%env NAME=value)", arg)
	}
	if !set {
		v, ok := os.LookupEnv(name)
		if !ok {
			return fmt.Errorf("%%env: %s is not set", name)
		}
		fmt.Fprintln(s.stdout.w, v)
		return nil
	}
	value = strings.TrimSpace(value)
	if err := os.Setenv(name, value); err != nil {
		return fmt.Errorf("%%env: set %s: %w", name, err)
	}
	fmt.Fprintf(s.stdout.w, "env: %s=%s\n", name, value)
	return nil
}

// whoMagic implements %who: the session's variables and constants with their types.
func (s *Session) whoMagic() {
	var rows [][3]string
	for _, sym := range s.scope.symbols() {
		if (sym.Kind != "var" && sym.Kind != "const") || strings.HasPrefix(sym.Name, "_pb") || sym.Name == "_" {
			continue
		}
		rows = append(rows, [3]string{sym.Name, sym.Type, sym.Kind})
	}
	if len(rows) == 0 {
		fmt.Fprintln(s.stdout.w, "Interactive namespace is empty.")
		return
	}
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "Variable\tType\tKind")
	fmt.Fprintln(tw, "--------\t----\t----")
	for _, r := range rows {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", r[0], r[1], r[2])
	}
	_ = tw.Flush()
	_, _ = s.stdout.w.Write([]byte(b.String()))
}

// resetMagic implements %reset: everything the cells defined is forgotten. Goroutines the
// cells started are stopped first.
func (s *Session) resetMagic() error {
	s.runner.discard() // nothing of the old interpreter may keep it alive
	if err := s.reset(); err != nil {
		return internalError("reset the session", err)
	}
	fmt.Fprintln(s.stdout.w, "The session was reset: nothing is defined.")
	return nil
}

// shell runs a command with sh -c, its output streamed as the cell's. It stops when the cell
// is interrupted, with every process of its process group. A command that fails is reported
// on stderr, not as the cell's error.
func (s *Session) shell(ctx context.Context, command string) error {
	if command == "" {
		return magicError(errors.New("!: no command"))
	}
	cmd := exec.CommandContext(ctx, "sh", "-c", command)
	cmd.Dir = s.opts.Dir
	cmd.Stdout = s.stdout.w
	cmd.Stderr = s.stderr.w
	cmd.WaitDelay = time.Second
	inOwnGroup(cmd)
	err := cmd.Run()
	if ctx.Err() != nil {
		return interruptedError(false)
	}
	if err != nil {
		fmt.Fprintf(s.stderr.w, "%s: %v\n", command, err)
	}
	return nil
}

// helpText is what %help shows.
const helpText = `peerbook: Go cells, interpreted by yaegi.

A cell is Go code: imports, constants, types, functions, variables and statements, in any
order. Declarations work as in a Go file; statements run top to bottom. What a cell defines
stays for the next cells, and defining a name again replaces it everywhere (functions that
call a redefined function use the new one). The value of a cell's last expression is shown;
end the cell with ';' to hide it. A cell that defines func main runs it once, as go run
would: after the cell's declarations, before its statements; later cells don't run it again
(call main() to), and defining it anew runs the new one.

Magics (each also as a comment, so the cell stays valid Go):
  %help [name]          //peerbook:help [name]     this text, or name's documentation
  name?  ?name  name??                             name's documentation in the pager
  %time  %%time         //peerbook:time            time the cell's Go code
  %%timeline            //peerbook:timeline        chart the launches, copies and waits of
                                                   the cell (gpu.Trace in code)
  %env [NAME[=VALUE]]   //peerbook:env ...         list, show or set environment variables
  %who                  //peerbook:who             the session's variables and their types
  %reset                //peerbook:reset           forget everything the session defined
  !command              //peerbook:sh command      run a shell command
  %go get MOD@VERSION   //peerbook:go get ...      pin a module version (peerbook run builds it)
  %go mod               //peerbook:go mod          the modules in use
  %%cuda  (first line)  //peerbook:cuda            the cell is CUDA C: its __global__
                                                   kernels become variables (gpu.Kernel)

GPU: import "peerbook/gpu". A function whose first parameter is a gpu.Thread is a kernel:
it runs on the GPU (or the simulator) and becomes a variable of the same name. Functions
marked //gpu:device are device helpers kernels can call.

Display: import "peerbook/display"; display.Display(v) shows v now; a value with a
MIMEBundle() method renders itself.

Interrupt (the stop button) stops a running cell, including sleeps, channel operations and
goroutines it started. Reading os.Stdin asks for input.`
