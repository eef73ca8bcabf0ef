package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/peerbook/peerbook/install"
	"github.com/peerbook/peerbook/internal/atomicfile"
	"github.com/peerbook/peerbook/internal/evalproto"
	"github.com/peerbook/peerbook/internal/notebook"
	"github.com/peerbook/peerbook/kernel"
)

func init() {
	register(&command{
		name:    "run",
		summary: "execute a notebook headlessly, no Jupyter needed",
		usage: `peerbook run NOTEBOOK.ipynb [-o OUT.ipynb [--trust]] [--html OUT.html] [--timeout D] [--continue] [--as-go] [-q] [--ranks N [--launcher CMD]]

Runs the notebook's code cells in order in a fresh Go session, showing on stderr each
cell as it starts and what it outputs as it runs (text as printed, a one-line summary
such as [image/svg+xml 43 KB] for rich outputs; -q leaves outputs out), and writes the
outputs into OUT.ipynb (default: the notebook itself is left alone and nothing is
written unless -o is given) and, with --html, into a self-contained HTML page with the
rich outputs in it. The notebook and the files to write are checked before any cell
runs; a notebook whose metadata names another language than Go (a python3 notebook) is
refused unless --as-go is given. --trust records OUT.ipynb as trusted in this user's Jupyter, as "jupyter trust"
does (with Jupyter's notebook secret, in its signature database), so that Jupyter shows
its HTML, pictures and scripts; without it Jupyter shows the PNGs of the pictures and
sanitised HTML. Exits 1 naming the first cell that failed; --continue runs the cells after it too,
and names every cell that failed. Ctrl-C interrupts the running cell. Without a GPU the
cells run on simulated devices, and the cell that first uses them says so in its stderr
output, as in Jupyter.

The session runs in a child process, as in the kernel: a cell that kills it (a stack
overflow, concurrent map writes, a GPU fault that leaves CUDA unusable) fails with the
reason, the outputs so far are still written, and with --continue the cells after it run
in a fresh session.

--ranks N runs the session as N ranks, one process each, as MPI programs run: every cell
runs on each rank (gpu.Rank() tells them apart), its text output labelled [r], its rich
output rank 0's. A rank that dies ends the cell on every rank and all ranks start again,
empty. A "%ranks N" cell does the same from inside the notebook.

--launcher CMD starts the ranks through a cluster launcher instead ("mpirun",
"mpirun --oversubscribe", "srun"), on the hosts it chooses: each rank connects back
to this process over TCP, signed with a key made for the session, which reaches the
ranks in the environment (mpirun -x), never on a command line. $PEERBOOK_RANK_HOST
names the address the ranks are given (default: this host's name).`,
		run: runNotebookCommand,
	})
}

func runNotebookCommand(flags *flag.FlagSet, args []string) error {
	out := flags.String("o", "", "write the executed notebook to this file")
	htmlOut := flags.String("html", "", "write an HTML page of the executed notebook to this file")
	timeout := durationVar(flags, "timeout", 10*time.Minute, "longest time one cell may run, a `duration` with its unit: 90s, 10m (0: no limit)")
	keepGoing := flags.Bool("continue", false, "run the remaining cells after a failing one")
	quiet := flags.Bool("q", false, "show only progress, not what the cells output")
	asGo := flags.Bool("as-go", false, "run the cells as Go whatever language the notebook's kernelspec names")
	nRanks := flags.Int("ranks", 1, "run the session as `N` ranks (processes), each cell on every rank")
	launcherCmd := flags.String("launcher", "", "start the ranks with this cluster launcher `command` (mpirun, srun, with arguments)")
	trust := flags.Bool("trust", false, "record the notebook -o writes as trusted in this user's Jupyter (as jupyter trust does)")
	evaluatorBin := flags.String("evaluator", "", "run the cells in this evaluator `binary` as it is (one built before for the notebook's modules): no build is made")
	// Flags may come before or after the notebook's path.
	if err := flags.Parse(args); err != nil {
		return err
	}
	rest := flags.Args()
	if len(rest) == 0 {
		flags.Usage()
		return errUsage
	}
	path := rest[0]
	if err := flags.Parse(rest[1:]); err != nil {
		return err
	}
	if flags.NArg() > 0 {
		return fmt.Errorf("run takes one notebook, got also %q", flags.Args())
	}

	// Everything that can be checked is checked before the first cell runs.
	if *nRanks < 1 || *nRanks > kernel.MaxRanks {
		return fmt.Errorf("--ranks %d: want 1 to %d", *nRanks, kernel.MaxRanks)
	}
	if *launcherCmd != "" && *nRanks < 2 {
		return fmt.Errorf("--launcher %q needs --ranks 2 or more", *launcherCmd)
	}
	nb, err := notebook.Read(path)
	if err != nil {
		return err
	}
	if err := checkLanguage(nb, path, *asGo); err != nil {
		return err
	}
	if err := checkWritable("-o", *out); err != nil {
		return err
	}
	if err := checkWritable("--html", *htmlOut); err != nil {
		return err
	}
	if *trust && *out == "" {
		return fmt.Errorf("--trust records the notebook -o writes as trusted: give -o OUT.ipynb")
	}
	trustDir := ""
	if *trust {
		if trustDir, err = install.UserDataDir(); err != nil {
			return fmt.Errorf("--trust: Jupyter's data directory: %w", err)
		}
		// What makes the input unsignable (cells without ids) makes the output so.
		data, err := os.ReadFile(path)
		if err == nil {
			_, err = notebook.Signature(data, nil)
		}
		if err != nil {
			return fmt.Errorf("--trust: %s: %w", path, err)
		}
	}
	opts := runOptions{path: path, out: *out, html: *htmlOut, timeout: *timeout, keepGoing: *keepGoing, quiet: *quiet, trustDir: trustDir, ranks: *nRanks, launcher: *launcherCmd,
		evaluator: *evaluatorBin}
	if opts.evaluator == "" {
		if opts.evaluator, err = moduleEvaluator(nb, path); err != nil {
			return err
		}
	}
	return runNotebook(nb, opts)
}

// checkLanguage refuses a notebook whose metadata says its cells are in another language
// than Go (a python3 notebook): run as Go, its first cell would fail with compile errors
// that say nothing of the cause, and -o would write Go outputs into it. Refusing costs
// nothing, since no cell has run; --as-go runs it anyway. A notebook that names no
// language (written by hand) runs.
func checkLanguage(nb *notebook.Notebook, path string, asGo bool) error {
	lang, kernel := nb.Language()
	if asGo || lang == "" || strings.EqualFold(lang, "go") {
		return nil
	}
	what := fmt.Sprintf("language %q", lang)
	if kernel != "" {
		what = fmt.Sprintf("kernel %q, language %q", kernel, lang)
	}
	return fmt.Errorf("%s is not a Go notebook (its metadata names %s): peerbook runs Go cells; --as-go runs them as Go anyway", path, what)
}

// runOptions are the command line of `peerbook run`.
type runOptions struct {
	path, out, html string
	timeout         time.Duration
	keepGoing       bool
	quiet           bool   // no cell outputs on the terminal
	trustDir        string // Jupyter's data directory where --trust records out; "" without --trust
	ranks           int    // processes the session runs as (1: one evaluator)
	launcher        string // the cluster launcher that starts them ("": this process)
	evaluator       string // the evaluator binary ("": kernel.DefaultEvaluator's)
}

// checkWritable fails, naming flag, where path ("": none) can't be written: a missing
// folder, a folder in its place, no permission. A file it creates to find out is removed.
func checkWritable(flag, path string) error {
	if path == "" {
		return nil
	}
	fail := func(err error) error {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("%s %s: can't write it: %w", flag, path, err)
	}
	if fi, err := os.Stat(path); err == nil {
		if fi.IsDir() {
			return fail(errors.New("it is a folder"))
		}
		f, err := os.OpenFile(path, os.O_WRONLY, 0) // no O_TRUNC: the file stays as it is
		if err != nil {
			return fail(err)
		}
		return f.Close()
	}
	if fi, err := os.Stat(filepath.Dir(path)); err != nil {
		return fail(fmt.Errorf("its folder %s does not exist", filepath.Dir(path)))
	} else if !fi.IsDir() {
		return fail(fmt.Errorf("%s is not a folder", filepath.Dir(path)))
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return fail(err)
	}
	f.Close()
	return os.Remove(path)
}

// writeResults writes the executed notebook where -o and --html say.
func writeResults(nb *notebook.Notebook, o runOptions) error {
	if o.out != "" {
		if err := nb.Write(o.out); err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "wrote %s\n", o.out)
		if o.trustDir != "" {
			if err := notebook.Trust(o.out, o.trustDir); err != nil {
				return err
			}
			fmt.Fprintf(os.Stderr, "trusted %s in Jupyter (%s)\n", o.out, filepath.Join(o.trustDir, "nbsignatures.db"))
		}
	}
	if o.html != "" {
		// Whole or not at all, as the notebook: a full disk leaves the page that was there.
		f, err := atomicfile.Create(o.html, 0o644)
		if err != nil {
			return fmt.Errorf("writing HTML: %w", err)
		}
		if err := nb.WriteHTML(f, strings.TrimSuffix(filepath.Base(o.path), ".ipynb")); err != nil {
			f.Abort()
			return fmt.Errorf("writing HTML: %w", err)
		}
		if err := f.Commit(); err != nil {
			return fmt.Errorf("writing HTML: %w", err)
		}
		fmt.Fprintf(os.Stderr, "wrote %s\n", o.html)
	}
	return nil
}

// cellProgress prints one line per code cell on out, what the cell outputs under it as it
// runs (indented; see echo), and a failing cell's error. Outputs come from the cell's
// goroutines, so every write holds mu.
type cellProgress struct {
	colour bool
	quiet  bool // leave the cells' outputs out
	total  int
	out    io.Writer

	// live: out is a terminal, where a display updated in place (a progress bar) is
	// drawn again over its line; elsewhere its latest state is shown at most once a
	// second, and when the cell ends.
	live bool

	mu       sync.Mutex
	lineOpen bool // the running cell's progress line has no newline yet
	midLine  bool // the last output text ended without a newline
	// lastDisplay is the id of the display whose one line is the last thing shown, so
	// that its update can be drawn over it ("" when something else came after it).
	lastDisplay string
	displays    map[string]*shownDisplay // the running cell's displays with ids
}

// shownDisplay is what the terminal shows of a display that may be updated.
type shownDisplay struct {
	text    string    // the text shown last
	pending string    // not live: an update not shown yet ("" none)
	shownAt time.Time // not live: when text was shown
}

// headerLine is the line that names a cell on the terminal: its first line that says what
// the cell does, past blank lines, comments, magics, imports and the package clause (not
// `import (` or `// Copies and kernels`); the first non-blank line where every line is such.
func headerLine(src string) string {
	lines := strings.Split(src, "\n")
	first := ""
	inImports, inComment := false, false
	for _, l := range lines {
		t := strings.TrimSpace(l)
		if first == "" && t != "" {
			first = t
		}
		switch {
		case inComment:
			if _, after, ok := strings.Cut(t, "*/"); ok {
				inComment = false
				if t = strings.TrimSpace(after); t != "" {
					return t
				}
			}
			continue
		case inImports:
			inImports = !strings.HasPrefix(t, ")")
			continue
		case t == "" || strings.HasPrefix(t, "//") || strings.HasPrefix(t, "package ") || strings.HasPrefix(t, "%"):
			continue
		case strings.HasPrefix(t, "/*"):
			inComment = !strings.Contains(t[2:], "*/")
			continue
		case t == "import (" || strings.HasPrefix(t, "import ("):
			inImports = !strings.Contains(t, ")")
			continue
		case strings.HasPrefix(t, "import "):
			continue
		}
		return t
	}
	return first
}

// outputIndent starts each line of a cell's output under its progress line.
const outputIndent = "    "

func (p *cellProgress) CellStarted(index, total int, c *notebook.Cell) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.total = total
	p.lastDisplay, p.displays = "", nil
	first := headerLine(c.Source())
	if r := []rune(first); len(r) > 60 {
		first = string(r[:57]) + "..." // whole characters: the line may be any UTF-8
	}
	fmt.Fprintf(p.out, "[%d/%d] %s", index, total, first)
	p.lineOpen, p.midLine = true, false
}

func (p *cellProgress) CellDone(index, total int, c *notebook.Cell, took time.Duration, err error) {
	p.flushDisplays()
	if err == nil && !p.quiet {
		for _, o := range c.Outputs() {
			if o["output_type"] == "execute_result" {
				data, _ := o["data"].(map[string]any)
				p.block(summarize(data))
			}
		}
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.displays, p.lastDisplay = nil, ""
	if p.midLine {
		fmt.Fprintln(p.out)
	}
	const lead = "  " // after the progress line, or on a line of its own under the outputs
	p.lineOpen, p.midLine = false, false
	if err == nil {
		fmt.Fprintf(p.out, "%sok (%v)\n", lead, took.Round(time.Millisecond))
		return
	}
	fmt.Fprintf(p.out, "%sFAILED (%v)\n", lead, took.Round(time.Millisecond))
	var ee *evalproto.Error
	if errors.As(err, &ee) && len(ee.Traceback) > 0 {
		for _, l := range ee.Traceback {
			if !p.colour {
				l = ansiEscape.ReplaceAllString(l, "")
			}
			fmt.Fprintln(p.out, outputIndent+strings.ReplaceAll(l, "\n", "\n"+outputIndent))
		}
		return
	}
	fmt.Fprintf(p.out, "%s%v\n", outputIndent, err)
}

// text shows output text of the running cell, each line indented under its progress line.
func (p *cellProgress) text(s string) { p.show(s, false) }

// block shows an output that starts on a line of its own (a display, the cell's value).
func (p *cellProgress) block(s string) { p.show(s, true) }

func (p *cellProgress) show(s string, ownLine bool) {
	if s == "" {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.showLocked(s, ownLine)
}

// display shows a display's summary; one with an id may be updated later (see update).
func (p *cellProgress) display(id, s string) {
	if s == "" {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.showLocked(s, true)
	if id == "" {
		return
	}
	if p.displays == nil {
		p.displays = map[string]*shownDisplay{}
	}
	p.displays[id] = &shownDisplay{text: s, shownAt: time.Now()}
	if strings.Count(s, "\n") == 1 {
		p.lastDisplay = id
	}
}

// update shows the new state of display id: drawn over its line on a terminal when
// nothing was shown after it, else on a line of its own; not on a terminal, at most once
// a second (flushDisplays shows the last state when the cell ends).
func (p *cellProgress) update(id, s string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	d := p.displays[id]
	if d == nil || s == "" || s == d.text {
		return
	}
	if !p.live {
		d.pending = s
		if time.Since(d.shownAt) < time.Second {
			return
		}
		d.pending, d.shownAt = "", time.Now()
	}
	d.text = s
	if p.live && p.lastDisplay == id && strings.Count(s, "\n") == 1 {
		// Up one line, to its start, clear it, draw the new state.
		io.WriteString(p.out, "\x1b[1A\r\x1b[2K"+outputIndent+s)
		return
	}
	p.showLocked(s, true)
	if strings.Count(s, "\n") == 1 {
		p.lastDisplay = id
	}
}

// flushDisplays shows the updates not yet shown (not on a terminal) of the running cell's
// displays, in the order they were first shown.
func (p *cellProgress) flushDisplays() {
	p.mu.Lock()
	defer p.mu.Unlock()
	ids := make([]string, 0, len(p.displays))
	for id, d := range p.displays {
		if d.pending != "" {
			ids = append(ids, id)
		}
	}
	sort.Slice(ids, func(i, j int) bool { return p.displays[ids[i]].shownAt.Before(p.displays[ids[j]].shownAt) })
	for _, id := range ids {
		d := p.displays[id]
		d.text, d.pending = d.pending, ""
		p.showLocked(d.text, true)
	}
}

// showLocked is show for a caller that holds p.mu.
func (p *cellProgress) showLocked(s string, ownLine bool) {
	p.lastDisplay = ""
	var b strings.Builder
	if ownLine && p.midLine {
		b.WriteByte('\n')
		p.midLine = false
	}
	if p.lineOpen {
		b.WriteByte('\n')
		p.lineOpen = false
	}
	for s != "" {
		if !p.midLine {
			b.WriteString(outputIndent)
		}
		line, rest, nl := strings.Cut(s, "\n")
		b.WriteString(line)
		if nl {
			b.WriteByte('\n')
		}
		p.midLine = !nl
		s = rest
	}
	io.WriteString(p.out, b.String())
}

// echo is the notebook.Output that shows a running cell's outputs on the terminal: streams as
// they come, a display as summarize has it. Updates of a display and clears are not shown
// (a progress bar would fill the terminal).
func (p *cellProgress) echo() notebook.Output { return outputEcho{p} }

var ansiEscape = regexp.MustCompile("\x1b\\[[0-9;]*m")

// isTerminal reports whether f is a character device (a terminal), where colour is welcome.
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// failures are the cells of a run that failed, for its last line.
type failures struct {
	cells []int          // 1-based indexes in the notebook's cells, in order, each once
	why   map[int]string // what more to say of a cell ("the Go session died (...)")
	err   string         // why the run failed besides its cells (an interrupt)
}

// say adds a cell that failed, and why.
func (f *failures) say(cell int, why string) {
	f.add(cell)
	if f.why == nil {
		f.why = map[int]string{}
	}
	f.why[cell] = why
}

// add adds cells that failed (their errors have been shown).
func (f *failures) add(cells ...int) {
	for _, c := range cells {
		if !slices.Contains(f.cells, c) {
			f.cells = append(f.cells, c)
		}
	}
	slices.Sort(f.cells)
}

// error names every failed cell ("cells 2, 3 and 4 failed"), or is nil when none failed.
func (f *failures) error(path string) error {
	var parts []string
	switch n := len(f.cells); n {
	case 0:
	case 1:
		if why := f.why[f.cells[0]]; why != "" {
			return fmt.Errorf("%s: cell %d failed: %s", path, f.cells[0], why)
		}
		parts = append(parts, fmt.Sprintf("cell %d failed (see its error above)", f.cells[0]))
	default:
		names := make([]string, n)
		for i, c := range f.cells {
			names[i] = strconv.Itoa(c)
		}
		parts = append(parts, fmt.Sprintf("cells %s and %s failed (see their errors above)", strings.Join(names[:n-1], ", "), names[n-1]))
	}
	if len(f.cells) > 1 {
		for _, c := range f.cells {
			if why := f.why[c]; why != "" {
				parts = append(parts, fmt.Sprintf("cell %d: %s", c, why))
			}
		}
	}
	if f.err != "" && len(f.cells) == 0 {
		parts = append(parts, f.err)
	}
	if len(parts) == 0 {
		return nil
	}
	return fmt.Errorf("%s: %s", path, strings.Join(parts, "; "))
}
