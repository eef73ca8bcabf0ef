package notebook

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/peerbook/peerbook/internal/evalproto"
)

// Executor runs one cell: `peerbook run` adapts the kernel's supervised evaluator
// (kernel.Session) to it. The types are this package's and the protocol's (evalproto), so
// that the process running notebooks links no interpreter.
type Executor interface {
	// Execute runs req, sending its output to out as it comes. A cell that failed returns
	// an *evalproto.Error (its traceback is the cell's error output); any other error is
	// shown as one.
	Execute(ctx context.Context, req evalproto.ExecuteRequest, out Output) (Result, error)
}

// Output receives a running cell's output: its streams, displays and clears, and its
// requests for input.
type Output interface {
	Stream(name, text string)
	// Display shows b; with update, it replaces the outputs that carry the display id.
	Display(b Bundle, id string, update bool)
	// ClearOutput clears the cell's output, now or (wait) at its next output.
	ClearOutput(wait bool)
	Input(prompt string, password bool) (string, error)
}

// Bundle is a MIME bundle as nbformat stores it (Bundle's shape): data by MIME type,
// and metadata.
type Bundle struct {
	Data     map[string]any `json:"data"`
	Metadata map[string]any `json:"metadata"`
}

// Result is what a cell produced besides its streamed output.
type Result struct {
	// Value is the cell's last expression, rendered; nil when there is none.
	Value *Bundle
	// Payloads are execute_reply payloads (a "page" for %help and name? is shown as the
	// cell's output: a notebook has no pager).
	Payloads []map[string]any
}

// Progress is told about each code cell as it starts and ends.
type Progress interface {
	CellStarted(index, total int, c *Cell)
	CellDone(index, total int, c *Cell, took time.Duration, err error)
}

// RunOptions are the options of Run.
type RunOptions struct {
	CellTimeout time.Duration // 0: no limit
	Progress    Progress      // nil: silent
	// ContinueOnError runs the remaining cells after one fails (the first failure is still
	// returned).
	ContinueOnError bool
	// Start is the index in Cells of the first cell to run: the cells before it keep their
	// outputs, and execution counts and progress go on from them (0: from the top).
	Start int
	// Observer, where set, is sent every output of the running cell as it happens, besides
	// the cell's Recorder (`peerbook run` shows them on the terminal). Its Input is never
	// called.
	Observer Output
}

// CellError is a code cell that failed.
type CellError struct {
	Index int // 1-based, counting every cell of the notebook
	Line  int // first line of the cell's source in the notebook's cells, for orientation
	Err   error
}

func (e *CellError) Error() string {
	return fmt.Sprintf("cell %d failed: %v", e.Index, e.Err)
}

func (e *CellError) Unwrap() error { return e.Err }

// Run executes the notebook's code cells in order, replacing their outputs. It stops at the
// first failing cell unless opts.ContinueOnError, and returns a *CellError for it; the code
// cells after the one it stopped at (failed, or interrupted) are cleared.
func Run(ctx context.Context, nb *Notebook, ex Executor, opts RunOptions) error {
	total := 0
	for _, c := range nb.Cells {
		if c.Type() == "code" {
			total++
		}
	}
	var first error
	count, done := 0, 0
	for i, c := range nb.Cells {
		if c.Type() != "code" {
			continue
		}
		done++
		src := c.Source()
		if i < opts.Start {
			if strings.TrimSpace(src) != "" {
				count++
			}
			continue
		}
		if strings.TrimSpace(src) == "" {
			c.SetOutputs(nil, 0)
			continue
		}
		count++
		if opts.Progress != nil {
			opts.Progress.CellStarted(done, total, c)
		}
		start := time.Now()
		err := runCell(ctx, c, src, count, ex, opts)
		if opts.Progress != nil {
			opts.Progress.CellDone(done, total, c, time.Since(start), err)
		}
		if err != nil {
			cerr := &CellError{Index: i + 1, Err: err}
			if first == nil {
				first = cerr
			}
			if !opts.ContinueOnError {
				clearAfter(nb, i)
				return first
			}
		}
		if ctx.Err() != nil {
			clearAfter(nb, i)
			return ctx.Err()
		}
	}
	return first
}

// clearAfter clears the outputs and execution counts of the code cells after cell i, which
// did not run: what they held came from the notebook as it was read, and shown beside this
// run's outputs it would pass for them.
func clearAfter(nb *Notebook, i int) {
	for _, c := range nb.Cells[i+1:] {
		if c.Type() == "code" {
			c.SetOutputs(nil, 0)
		}
	}
}

func runCell(ctx context.Context, c *Cell, src string, count int, ex Executor, opts RunOptions) error {
	if timeout := opts.CellTimeout; timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeoutCause(ctx, timeout, &timeoutError{timeout})
		defer cancel()
	}
	rec := &Recorder{}
	var out Output = rec
	if opts.Observer != nil {
		out = observed{rec, opts.Observer}
	}
	res, err := ex.Execute(ctx, evalproto.ExecuteRequest{Code: src, StoreHistory: true, ExecutionCount: count}, out)
	// A notebook has no pager: what a frontend would page (%help, name?) is the cell's
	// output, as nbconvert's IPython shows it.
	for _, p := range res.Payloads {
		if b, ok := pageBundle(p); ok {
			out.Display(b, "", false)
		}
	}
	if err == nil && res.Value != nil {
		rec.add(map[string]any{
			"output_type":     "execute_result",
			"execution_count": count,
			"data":            res.Value.Data,
			"metadata":        nonNil(res.Value.Metadata),
		})
	}
	if err != nil {
		var ee *evalproto.Error
		if !errors.As(err, &ee) {
			ee = &evalproto.Error{Name: "Error", Value: err.Error(), Traceback: []string{err.Error()}}
		}
		// Interrupted for the cell's timeout, it is a Timeout; for another reason (Ctrl-C
		// cancelled the run's context), it stays Interrupted.
		if cause := context.Cause(ctx); errors.As(cause, new(*timeoutError)) && ee.Name == "Interrupted" {
			ee = &evalproto.Error{Name: "Timeout", Value: cause.Error(), Traceback: append([]string{cause.Error()}, ee.Traceback...)}
			err = cause
		}
		tb := make([]any, len(ee.Traceback))
		for i, l := range ee.Traceback {
			tb[i] = l
		}
		rec.add(map[string]any{"output_type": "error", "ename": ee.Name, "evalue": ee.Value, "traceback": tb})
	}
	c.SetOutputs(rec.Outputs(), count)
	return err
}

// timeoutError is the cause of a cell's context ended by RunOptions.CellTimeout.
type timeoutError struct{ limit time.Duration }

func (e *timeoutError) Error() string { return fmt.Sprintf("cell ran longer than %v", e.limit) }

// pageBundle is the MIME bundle of a "page" payload of an execute_reply.
func pageBundle(p map[string]any) (Bundle, bool) {
	if p["source"] != "page" {
		return Bundle{}, false
	}
	data, ok := p["data"].(map[string]any)
	if !ok || len(data) == 0 {
		return Bundle{}, false
	}
	return Bundle{Data: data, Metadata: map[string]any{}}, true
}

// observed sends a cell's outputs to its Recorder and to an observer.
type observed struct {
	rec *Recorder
	obs Output
}

func (o observed) Stream(name, text string) {
	o.rec.Stream(name, text)
	o.obs.Stream(name, text)
}

func (o observed) Display(b Bundle, id string, update bool) {
	o.rec.Display(b, id, update)
	o.obs.Display(b, id, update)
}

func (o observed) ClearOutput(wait bool) {
	o.rec.ClearOutput(wait)
	o.obs.ClearOutput(wait)
}

func (o observed) Input(prompt string, password bool) (string, error) {
	return o.rec.Input(prompt, password)
}

// Recorder collects a running cell's outputs as nbformat outputs, the way a frontend would:
// consecutive stream text merged, display updates applied in place, clears honoured. It
// implements Output; input is refused, since nobody can answer it.
type Recorder struct {
	mu        sync.Mutex
	outs      []map[string]any
	ids       []string // display id of each output ("" for none); never written to the file
	clearNext bool
}

// Outputs returns what was recorded.
func (r *Recorder) Outputs() []map[string]any {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]map[string]any(nil), r.outs...)
}

func (r *Recorder) add(o map[string]any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.addLocked(o)
}

func (r *Recorder) addLocked(o map[string]any) {
	r.addWithID(o, "")
}

func (r *Recorder) addWithID(o map[string]any, id string) {
	if r.clearNext {
		r.outs, r.ids, r.clearNext = nil, nil, false
	}
	r.outs = append(r.outs, o)
	r.ids = append(r.ids, id)
}

// Stream records text written to stdout or stderr.
func (r *Recorder) Stream(name, text string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if n := len(r.outs); n > 0 && !r.clearNext {
		last := r.outs[n-1]
		if last["output_type"] == "stream" && last["name"] == name {
			last["text"] = last["text"].(string) + text
			return
		}
	}
	r.addLocked(map[string]any{"output_type": "stream", "name": name, "text": text})
}

// Display records display data, or updates earlier outputs that carry the same id.
func (r *Recorder) Display(b Bundle, id string, update bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if update {
		for i, o := range r.outs {
			if r.ids[i] == id {
				o["data"], o["metadata"] = b.Data, nonNil(b.Metadata)
			}
		}
		return
	}
	r.addWithID(map[string]any{"output_type": "display_data", "data": b.Data, "metadata": nonNil(b.Metadata)}, id)
}

// ClearOutput clears what was recorded so far, now or at the next output.
func (r *Recorder) ClearOutput(wait bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if wait {
		r.clearNext = true
		return
	}
	r.outs, r.ids = nil, nil
}

// Input fails: a headless run has nobody to answer.
func (r *Recorder) Input(prompt string, password bool) (string, error) {
	return "", errors.New("the cell asked for input, and a headless run can't answer it")
}

func nonNil(m map[string]any) map[string]any {
	if m == nil {
		return map[string]any{}
	}
	return m
}
