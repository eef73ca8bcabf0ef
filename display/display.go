package display

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"sync"
)

var (
	sinkMu sync.RWMutex
	sink   Sink

	// stdout is where Display writes text/plain when no sink is set.
	stdout io.Writer = os.Stdout
	// stdoutMu serialises writes to stdout so concurrent displays don't interleave.
	stdoutMu sync.Mutex
)

// SetSink makes s the receiver of everything displayed until restore is called (or SetSink
// is called again). A nil s means "no sink": Display then prints text/plain to stdout.
// restore puts back the sink that was set before. It is safe for concurrent use. It is
// plumbing for the evaluator (eval.Hooks): the symbol tables cells import leave it out.
func SetSink(s Sink) (restore func()) {
	sinkMu.Lock()
	prev := sink
	sink = s
	sinkMu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			sinkMu.Lock()
			sink = prev
			sinkMu.Unlock()
		})
	}
}

// currentSink returns the sink now set, or nil.
func currentSink() Sink {
	sinkMu.RLock()
	defer sinkMu.RUnlock()
	return sink
}

// Handle is a displayed output that can be replaced in place.
type Handle struct {
	id string
}

// ID returns the display id of the output (what Jupyter calls display_id).
func (h *Handle) ID() string {
	if h == nil {
		return ""
	}
	return h.id
}

// Update replaces the output of h with v, rendered as Display renders it. Without a sink
// the new value is printed again as text.
func (h *Handle) Update(v any) {
	if h == nil {
		return
	}
	emit(Render(v), h.id, true)
}

// Display shows v in the output of the running cell and returns a handle that can replace it
// later. v is rendered with Render. Without a sink (a plain Go program, a terminal), the
// text/plain form is written to stdout.
func Display(v any) *Handle {
	h := &Handle{id: newDisplayID()}
	emit(Render(v), h.id, false)
	return h
}

// ClearOutput clears the output of the running cell; with wait, the clearing happens when the
// next output arrives (no flicker when replacing output). Without a sink it does nothing.
func ClearOutput(wait bool) {
	if s := currentSink(); s != nil {
		s.ClearOutput(wait)
	}
}

// emit sends b to the sink, or prints its text to stdout when there is none.
func emit(b Bundle, id string, update bool) {
	if s := currentSink(); s != nil {
		s.Display(b, id, update)
		return
	}
	text, _ := b.Data[MIMEText].(string)
	stdoutMu.Lock()
	defer stdoutMu.Unlock()
	if len(text) > 0 && text[len(text)-1] == '\n' {
		io.WriteString(stdout, text)
	} else {
		io.WriteString(stdout, text+"\n")
	}
}

// newDisplayID returns a random display id (32 hex digits).
func newDisplayID() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		// crypto/rand does not fail on supported platforms; keep ids unique anyway.
		return fmt.Sprintf("display-%p", &b)
	}
	return hex.EncodeToString(b[:])
}
