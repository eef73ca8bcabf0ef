package kernel

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/peerbook/peerbook/internal/evalproto"
	"github.com/peerbook/peerbook/internal/modulegen/naming"
	"github.com/peerbook/peerbook/internal/modules"
)

// A cell that imports a third-party package the running evaluator was not built with (or
// pins a version with %go get) makes the kernel switch evaluators, before the cell runs:
//
//  1. the module set grows by the cell's imports and pins, and Config.Modules builds (or
//     finds in the cache) an evaluator binary with it, the go command's progress on the
//     cell's stderr; a failure is the cell's error, and the session goes on in the old
//     evaluator, untouched;
//  2. the old evaluator hands over its definitions (evalproto.OpSnapshot): imports, types,
//     functions, methods, constants, and variables with their current values where these
//     are plain data; it is then closed;
//  3. the new evaluator runs them again, in the order the cells made them (a declaration
//     that fails for want of one made later is tried again after the others), then the
//     cell runs;
//  4. the cell's stderr names what did not come back: variables whose values are not
//     plain data, definitions that failed to run again, and, always, the goroutines, open
//     files and GPU work of the old process, which no snapshot carries.
//
// The old evaluator is asked rather than the kernel's history replayed: the history holds
// the cells' statements too (running them again would print, write files and launch GPU
// work a second time), and only the session knows which definitions are current and what
// its variables hold now.

// moduleState is the module set of the running evaluator. Owned by the shell worker.
type moduleState struct {
	builder *modules.Builder
	dir     string          // the notebook's folder (go.mod, go.work)
	have    map[string]bool // the third-party packages the evaluator command has
	imports []string        // the set's imports, sorted
	pins    []string        // the set's pins, one per module, in the order they came
	cells   []string        // the code of the cells run in this session, in order
	running os.FileInfo     // the binary the session moved to last (nil: none yet)
}

// session returns the session's cells followed by code: what a build type-checks to find
// the instances of generics the cells use (modules.Set.Cells).
func (m *moduleState) session(code string) []string {
	return append(slices.Clip(m.cells), code)
}

// movedTo records that the session now runs in bin, built for set.
func (m *moduleState) movedTo(bin *modules.Binary, set modules.Set) {
	m.have = map[string]bool{}
	for _, p := range bin.Packages {
		m.have[p] = true
	}
	m.imports, m.pins = set.Imports, set.Pins
	m.running, _ = os.Stat(bin.Path)
}

func newModuleState(b *modules.Builder, dir string, have []string) *moduleState {
	m := &moduleState{builder: b, dir: dir, have: map[string]bool{}}
	for _, p := range have {
		m.have[p] = true
		m.imports = append(m.imports, p)
	}
	slices.Sort(m.imports)
	return m
}

// grow returns the module set with the requests added, and whether it differs from the
// running evaluator's: a package it lacks, or a pin it was not built with.
func (m *moduleState) grow(r modules.Requests) (modules.Set, bool) {
	set := modules.Set{Imports: slices.Clone(m.imports), Pins: slices.Clone(m.pins), Dir: m.dir}
	changed := false
	for _, p := range r.Imports {
		if !m.have[p] {
			changed = true
		}
		if !slices.Contains(set.Imports, p) {
			set.Imports = append(set.Imports, p)
		}
	}
	slices.Sort(set.Imports)
	for _, pin := range r.Pins {
		if slices.Contains(set.Pins, pin) {
			continue
		}
		mod, version, _ := strings.Cut(pin, "@")
		before := len(set.Pins)
		set.Pins = slices.DeleteFunc(set.Pins, func(p string) bool { return strings.HasPrefix(p, mod+"@") })
		if version == "none" { // the pin is undone: the module's version is tidy's again
			changed = changed || len(set.Pins) != before
			continue
		}
		set.Pins = append(set.Pins, pin)
		changed = true
	}
	// Pins alone build nothing (a pin without an import of its module would be tidied
	// away): they wait in the set for an import.
	if len(set.Imports) == 0 {
		m.pins = set.Pins
		return set, false
	}
	return set, changed
}

// moduleError is the error of a cell whose module set could not be built or switched to.
func moduleError(name, value string) *evalproto.Error {
	tb := []string{"\x1b[0;31m" + name + "\x1b[0m: " + strings.SplitN(value, "\n", 2)[0]}
	if _, rest, ok := strings.Cut(value, "\n"); ok {
		tb = append(tb, strings.Split(rest, "\n")...)
	}
	return &evalproto.Error{Name: name, Value: value, Traceback: tb}
}

// switchModules runs before an execute request: it returns the cell's error when the cell
// asks for a module set that can't be had (nil: run the cell), or errShuttingDown.
func (k *Kernel) switchModules(act *active, code string) (*evalproto.Error, error) {
	m := k.mods
	if m == nil || m.builder == nil {
		return nil, nil
	}
	r, err := modules.CellRequests(code)
	if err != nil {
		return moduleError("GoGetError", err.Error()), nil
	}
	set, changed := m.grow(r)
	if !changed {
		return nil, nil
	}
	set.Cells = m.session(code)
	say := k.sayer(act)
	bin, cellErr, err := k.buildSet(act, set, say)
	if err != nil || cellErr != nil {
		return cellErr, err
	}
	return k.switchTo(act, bin, set, say)
}

// switchTo moves the session to bin, built for set: the cell's error when the move failed,
// or errShuttingDown.
func (k *Kernel) switchTo(act *active, bin *modules.Binary, set modules.Set, say func(string)) (*evalproto.Error, error) {
	moved, err := k.moveTo(act, bin, say)
	if errors.Is(err, errShuttingDown) {
		return nil, err
	}
	if moved {
		k.mods.movedTo(bin, set)
	}
	if err != nil {
		return moduleError("ModuleSwitchError", err.Error()), nil
	}
	return nil, nil
}

// executeCell runs an execute request in the evaluator. A cell refused for a use of a
// module's generic function or type that the evaluator has no instance of (naming.NoInstance:
// a use the build did not see, the refusal comes before any of the cell runs) makes the
// kernel build again with the session's cells and this one (same workspace: the generator
// and the link); when that gives the evaluator new instances, the session moves to it as
// for a new import and the cell runs again, once. When it gives none (go/types could not
// infer the use's type arguments from the cells), the refusal stays the cell's error. The
// cell is then one of the session's cells, for later builds; a cell during which the
// session died empties that list (a new, empty session started).
func (k *Kernel) executeCell(act *active, req *evalproto.Request) (_ *evalproto.Done, rerr error) {
	done, err := k.call(act, req)
	m := k.mods
	if m == nil || m.builder == nil || req.Execute == nil || errors.Is(err, errShuttingDown) {
		return done, err
	}
	code := req.Execute.Code
	defer func() {
		var lost *SessionLostError
		if errors.As(rerr, &lost) {
			m.cells = nil // a new, empty session has started: its cells start again
			return
		}
		m.cells = append(m.cells, code)
	}()
	if err != nil || done.Error == nil || !strings.Contains(done.Error.Value, naming.NoInstance) || len(m.imports) == 0 {
		return done, err
	}
	say := k.sayer(act)
	say("modules: this cell uses a generic of a module in a way the evaluator was built without: building it again with this cell")
	set := modules.Set{Imports: m.imports, Pins: m.pins, Dir: m.dir, Cells: m.session(code), More: true,
		Requests: naming.Requests(done.Error.Value)}
	bin, cellErr, err := k.buildSet(act, set, say)
	if err != nil {
		return nil, err
	}
	if cellErr != nil {
		return &evalproto.Done{Error: cellErr}, nil
	}
	if bin.Reused && m.runs(bin, k.sup.command()) {
		// Generating again gave the instances the evaluator has: the use can't be had.
		note := "The kernel built the evaluator again with this cell, and the build found no instance for this use either: its type check of the notebook's cells could not tell the type arguments (check the names the use refers to; an inferred use can write them: pkg.Name[T1, T2](...))."
		e := *done.Error
		e.Value += "\n" + note
		e.Traceback = append(slices.Clip(e.Traceback), note)
		return &evalproto.Done{Error: &e}, nil
	}
	if cellErr, err = k.switchTo(act, bin, set, say); err != nil {
		return nil, err
	}
	if cellErr != nil {
		return &evalproto.Done{Error: cellErr}, nil
	}
	// Again, as a new request: act holds the first one's reply and stream markers, which
	// would end the wait for the second at once.
	again := &active{req: act.req, parent: act.parent, isExecute: act.isExecute, silent: act.silent, allowStdin: act.allowStdin}
	return k.call(again, req)
}

// runs reports whether the session's evaluator (command argv) runs the binary bin as it is
// on disk now: a build that found bin as it was gives it nothing new, unless bin was built
// again (by another session) since the session moved to it.
func (m *moduleState) runs(bin *modules.Binary, argv []string) bool {
	if len(argv) == 0 || argv[0] != bin.Path {
		return false
	}
	if m.running == nil {
		return true // started as this binary: nothing says it changed
	}
	now, err := os.Stat(bin.Path)
	return err == nil && os.SameFile(now, m.running) && now.ModTime().Equal(m.running.ModTime())
}

// sayer returns what writes the switch's lines to the cell's stderr (nothing for a silent
// cell).
func (k *Kernel) sayer(act *active) func(string) {
	return func(line string) {
		if !act.silent {
			k.streamText(act.parent, "stderr", []byte(line+"\n"))
			k.flushStream(true)
		}
	}
}

// buildSet builds (or finds) the evaluator binary of set, the go command's progress on the
// cell's stderr; an interrupt stops it. A failure is the cell's error (the session is
// untouched); errShuttingDown when the kernel stops.
func (k *Kernel) buildSet(act *active, set modules.Set, say func(string)) (*modules.Binary, *evalproto.Error, error) {
	ctx, cancel := context.WithCancel(k.ctx)
	defer cancel()
	select { // an interrupt from before this cell is not for it
	case <-k.sup.interrupts:
	default:
	}
	// An interrupt while the go command works stops it.
	var interrupted atomic.Bool
	watchDone := make(chan struct{})
	go func() {
		select {
		case <-k.sup.interrupts:
			interrupted.Store(true)
			cancel()
		case <-watchDone:
		}
	}()
	b := *k.mods.builder
	b.Progress = say
	bin, err := b.Build(ctx, set)
	close(watchDone)
	if k.ctx.Err() != nil {
		return nil, nil, errShuttingDown
	}
	if err != nil {
		if interrupted.Load() {
			return nil, moduleError("Interrupted", "the build of the evaluator with "+strings.Join(set.Imports, ", ")+" was stopped (interrupted): nothing of it was kept, and the session goes on as it was"), nil
		}
		return nil, moduleError("ModuleBuildError", err.Error()+"\nThe session goes on in the evaluator it had, its state intact."), nil
	}
	return bin, nil, nil
}

// moveTo switches the session to the evaluator binary bin: the old evaluator's definitions
// are taken, it is closed, and the new one runs them. It reports whether the session now
// runs in bin. When bin can't start, the old command is started again with the same
// definitions, and the error says why; when the new evaluator dies while it restores, the
// error says the state was lost.
func (k *Kernel) moveTo(act *active, bin *modules.Binary, say func(string)) (bool, error) {
	var snap *evalproto.Snapshot
	if k.sup.ranked() {
		// Each rank's variables hold its own values: rank 0's snapshot is not theirs.
		say("modules: in rank mode the ranks' state is not carried over to the new evaluator: every rank starts empty")
	} else if k.sup.running() != nil {
		done, err := k.call(&active{req: act.req, parent: act.parent}, &evalproto.Request{Op: evalproto.OpSnapshot})
		if errors.Is(err, errShuttingDown) {
			return false, err
		}
		switch {
		case err != nil:
			say("modules: the old session could not hand over its definitions: " + err.Error())
		case done.Snapshot != nil:
			snap = done.Snapshot
		case done.Error != nil:
			say("modules: the old session could not hand over its definitions: " + done.Error.Value)
		}
	}
	old := k.sup.command()
	argv := append([]string{bin.Path}, old[1:]...)
	k.sup.replace(argv, time.Second)
	failed, err := k.restore(act, snap)
	var start *startError
	var lost *SessionLostError
	switch {
	case errors.Is(err, errShuttingDown):
		return false, err
	case errors.As(err, &lost):
		return true, fmt.Errorf("the evaluator built with %s died while the session's definitions ran again in it (%s): the session's state was lost, and a new, empty session has started with %s", strings.Join(bin.Packages, ", "), lost.Summary(), strings.Join(bin.Packages, ", "))
	case errors.As(err, &start):
		k.sup.replace(old, time.Second)
		failed, err2 := k.restore(act, snap)
		msg := fmt.Sprintf("the evaluator built with %s could not start: %v\nThe session goes on in a new process of the evaluator it had", strings.Join(bin.Packages, ", "), start.err)
		if err2 != nil {
			msg += fmt.Sprintf(", but that could not start either: %v", err2)
		} else {
			msg += k.restoreReport(snap, failed)
		}
		return false, errors.New(msg)
	case err != nil:
		return true, err
	}
	how := "built now"
	if bin.Reused {
		how = "built by an earlier session, reused"
	}
	say(fmt.Sprintf("modules: the session moved to an evaluator with %s (%s: %s)", strings.Join(bin.Packages, ", "), how, bin.Path))
	if report := k.restoreReport(snap, failed); report != "" {
		say(strings.TrimPrefix(report, "\n"))
	}
	return true, nil
}

// restore runs a snapshot's chunks in the current (new) evaluator: in order, then those
// that failed again while any succeeds (a declaration may need one made after it), then
// those left together (types that refer to each other). It returns the chunks that failed
// with their errors.
func (k *Kernel) restore(act *active, snap *evalproto.Snapshot) (map[int]string, error) {
	if _, err := k.sup.current(); err != nil {
		return nil, &startError{err}
	}
	if snap == nil {
		// Nothing to restore; still make sure the new evaluator starts.
		c, _ := k.sup.current()
		if err := c.waitReady(k.ctx, nil); err != nil {
			if k.ctx.Err() != nil {
				return nil, errShuttingDown
			}
			return nil, &startError{err}
		}
		return nil, nil
	}
	run := func(code string, cell int) (string, error) {
		done, err := k.call(&active{req: act.req, parent: act.parent, isExecute: true, silent: true},
			&evalproto.Request{Op: evalproto.OpExecute, Execute: &evalproto.ExecuteRequest{Code: code, Silent: true, ExecutionCount: cell}})
		if err != nil {
			return "", err
		}
		if done.Error != nil {
			return done.Error.Value, nil
		}
		return "", nil
	}
	return replay(snap.Chunks, run)
}

// replay runs chunks with run (which returns the cell's error message, "" when it ran, or
// the error that stops the replay): in order, then those that failed again while any
// succeeds (a declaration may need one made after it), then those left that need each
// other ("undefined: NAME" of another one left) together, as one cell (types that refer to
// each other). It returns the indexes of the chunks that failed,
// with their errors.
func replay(chunks []evalproto.Chunk, run func(code string, cell int) (string, error)) (map[int]string, error) {
	failed := map[int]string{}
	pending := make([]int, len(chunks))
	for i := range pending {
		pending[i] = i
	}
	for len(pending) > 0 {
		var again []int
		for _, i := range pending {
			c := chunks[i]
			msg, err := run(c.Source, c.Cell)
			if err != nil {
				return nil, err
			}
			if msg != "" {
				failed[i] = msg
				again = append(again, i)
			} else {
				delete(failed, i)
			}
		}
		if len(again) == len(pending) {
			break
		}
		pending = again
	}
	// Those that failed for want of another that failed: together.
	var idx []int
	for i, msg := range failed {
		for j := range failed {
			if j != i && slices.ContainsFunc(chunks[j].Names, func(n string) bool { return strings.Contains(msg, "undefined: "+n) }) {
				idx = append(idx, i)
				break
			}
		}
	}
	if len(idx) > 1 {
		slices.Sort(idx)
		src := make([]string, 0, len(idx))
		for _, i := range idx {
			src = append(src, strings.TrimLeft(chunks[i].Source, "\n "))
		}
		msg, err := run(strings.Join(src, "\n"), 0)
		if err != nil {
			return nil, err
		}
		if msg == "" {
			for _, i := range idx {
				delete(failed, i)
			}
		}
	}
	return failed, nil
}

// restoreReport says what the new session did not get back ("" when everything came back
// and there was nothing to lose).
func (k *Kernel) restoreReport(snap *evalproto.Snapshot, failed map[int]string) string {
	var b strings.Builder
	if snap == nil {
		b.WriteString("\nNothing of the old session was restored.")
		return b.String()
	}
	if len(snap.Chunks) == 0 && len(snap.Lost) == 0 {
		return "" // a session that had defined and imported nothing
	}
	nvars := 0
	var vars []string
	for i, c := range snap.Chunks {
		if _, bad := failed[i]; bad || c.Kind != "var" {
			continue
		}
		nvars++
		vars = append(vars, c.Names...)
	}
	fmt.Fprintf(&b, "\nrestored %d of the old session's %d definitions (imports included)", len(snap.Chunks)-len(failed), len(snap.Chunks))
	if nvars > 0 {
		fmt.Fprintf(&b, ", variables with their current values: %s", strings.Join(vars, ", "))
	}
	b.WriteString(".")
	if len(snap.Lost) > 0 {
		b.WriteString("\nNot carried over (run the cells that made them again if you need them):")
		for _, l := range snap.Lost {
			fmt.Fprintf(&b, "\n  %s", l.Name)
			var about []string
			if l.Type != "" {
				about = append(about, l.Type)
			}
			if l.Cell > 0 {
				about = append(about, fmt.Sprintf("cell[%d]", l.Cell))
			}
			if len(about) > 0 {
				fmt.Fprintf(&b, " (%s)", strings.Join(about, ", "))
			}
			fmt.Fprintf(&b, ": %s", l.Why)
		}
	}
	if len(failed) > 0 {
		idx := make([]int, 0, len(failed))
		for i := range failed {
			idx = append(idx, i)
		}
		slices.Sort(idx)
		b.WriteString("\nDefinitions that failed to run again:")
		for _, i := range idx {
			c := snap.Chunks[i]
			where := ""
			if c.Cell > 0 {
				where = fmt.Sprintf(" (cell[%d])", c.Cell)
			}
			fmt.Fprintf(&b, "\n  %s %s%s: %s", c.Kind, strings.Join(c.Names, ", "), where, firstLine(failed[i]))
		}
	}
	b.WriteString("\nGoroutines, open files and connections, GPU buffers and launched work of the old session ended with its process.")
	return b.String()
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
