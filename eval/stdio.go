package eval

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// flushInterval bounds how long streamed text waits to be sent: text written within one
// interval goes out as one stream message.
const flushInterval = 20 * time.Millisecond

// maxUnsent is how much text may pile up before it is sent without waiting.
const maxUnsent = 256 << 10

// outStream carries one of a cell's output streams ("stdout" or "stderr") to the Output.
//
// Interpreted code writes to an os.Pipe, so that os.Stdout and os.Stderr stay *os.File in
// cells (code that needs a file keeps working) while everything it writes, by whatever
// path, goes through one ordered channel. A reader goroutine batches the text and sends it
// to the Output of the running cell. sync writes a marker into the pipe and waits until the
// reader has passed it: what was written before is then sent (or, for an input prompt,
// handed back unsent).
type outStream struct {
	name   string
	r, w   *os.File
	target func() Output // where text goes now
	marker []byte        // "\x00pbsync:<random>:"

	mu      sync.Mutex
	unsent  []byte // text read but not sent yet
	held    []byte // bytes that may be the start of a marker
	timer   *time.Timer
	waiters map[uint64]chan string
	nextID  atomic.Uint64
	closed  chan struct{}
	prompt  map[uint64]bool
	emitMu  sync.Mutex // keeps stream messages in order
}

// newOutStream opens the pipe and starts the reader.
func newOutStream(name string, target func() Output) (*outStream, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("eval: open %s pipe: %w", name, err)
	}
	var nonce [6]byte
	_, _ = rand.Read(nonce[:])
	st := &outStream{
		name:    name,
		r:       r,
		w:       w,
		target:  target,
		marker:  []byte("\x00pbsync:" + hex.EncodeToString(nonce[:]) + ":"),
		waiters: map[uint64]chan string{},
		prompt:  map[uint64]bool{},
		closed:  make(chan struct{}),
	}
	go st.read()
	return st, nil
}

// read copies the pipe to the Output until the pipe is closed.
func (st *outStream) read() {
	defer close(st.closed)
	buf := make([]byte, 64<<10)
	for {
		n, err := st.r.Read(buf)
		if n > 0 {
			st.feed(buf[:n])
		}
		if err != nil {
			st.mu.Lock()
			text := st.takeUnsent()
			st.mu.Unlock()
			st.emit(text)
			return
		}
	}
}

// feed processes bytes read from the pipe.
func (st *outStream) feed(data []byte) {
	st.mu.Lock()
	data = append(st.held, data...)
	st.held = nil
	for {
		i := bytes.Index(data, st.marker)
		if i < 0 {
			break
		}
		end := bytes.IndexByte(data[i+len(st.marker):], 0)
		if end < 0 { // the marker's end has not arrived yet
			st.unsent = append(st.unsent, data[:i]...)
			st.held = append([]byte(nil), data[i:]...)
			data = nil
			break
		}
		st.unsent = append(st.unsent, data[:i]...)
		id, _ := strconv.ParseUint(string(data[i+len(st.marker):i+len(st.marker)+end]), 10, 64)
		data = data[i+len(st.marker)+end+1:]
		st.answer(id)
	}
	// Keep back a tail that could be the start of a marker.
	if k := partialSuffix(data, st.marker); k > 0 {
		st.held = append(st.held, data[len(data)-k:]...)
		data = data[:len(data)-k]
	}
	st.unsent = append(st.unsent, data...)
	if len(st.unsent) >= maxUnsent {
		text := st.takeUnsent()
		st.mu.Unlock()
		st.emit(text)
		return
	}
	if len(st.unsent) > 0 && st.timer == nil {
		st.timer = time.AfterFunc(flushInterval, st.flushTimer)
	}
	st.mu.Unlock()
}

// answer completes the sync with id; called with st.mu held.
func (st *outStream) answer(id uint64) {
	ch, ok := st.waiters[id]
	if !ok {
		return
	}
	delete(st.waiters, id)
	prompt := ""
	if st.prompt[id] {
		delete(st.prompt, id)
		if i := bytes.LastIndexByte(st.unsent, '\n'); i < len(st.unsent)-1 {
			prompt = string(st.unsent[i+1:])
			st.unsent = st.unsent[:i+1]
		}
	}
	text := st.takeUnsent()
	// Emit before answering, so that the text is out when sync returns.
	st.mu.Unlock()
	st.emit(text)
	st.mu.Lock()
	ch <- prompt
}

// partialSuffix returns the length of the longest suffix of data that is a proper prefix of
// marker.
func partialSuffix(data, marker []byte) int {
	max := len(marker) - 1
	if max > len(data) {
		max = len(data)
	}
	for k := max; k > 0; k-- {
		if bytes.Equal(data[len(data)-k:], marker[:k]) {
			return k
		}
	}
	return 0
}

// takeUnsent returns and clears the unsent text; called with st.mu held.
func (st *outStream) takeUnsent() string {
	if st.timer != nil {
		st.timer.Stop()
		st.timer = nil
	}
	text := string(st.unsent)
	st.unsent = st.unsent[:0]
	return text
}

func (st *outStream) flushTimer() {
	st.mu.Lock()
	st.timer = nil
	text := st.takeUnsent()
	st.mu.Unlock()
	st.emit(text)
}

// emit sends text to the current Output (or the process's own stream when there is none).
func (st *outStream) emit(text string) {
	if text == "" {
		return
	}
	st.emitMu.Lock()
	defer st.emitMu.Unlock()
	if out := st.target(); out != nil {
		out.Stream(st.name, text)
		return
	}
	if st.name == "stderr" {
		_, _ = io.WriteString(os.Stderr, text)
	} else {
		_, _ = io.WriteString(os.Stdout, text)
	}
}

// sync waits until everything written to the stream so far has been sent. With asPrompt,
// a last line without a newline is not sent but returned (it is the prompt of an input
// request).
func (st *outStream) sync(asPrompt bool) string { return st.startSync(asPrompt)() }

// startSync writes a sync marker and returns the function that waits for it, so that both
// streams can be synced at once.
func (st *outStream) startSync(asPrompt bool) (wait func() string) {
	id := st.nextID.Add(1)
	ch := make(chan string, 1)
	st.mu.Lock()
	st.waiters[id] = ch
	if asPrompt {
		st.prompt[id] = true
	}
	st.mu.Unlock()
	msg := append(append([]byte(nil), st.marker...), strconv.FormatUint(id, 10)...)
	msg = append(msg, 0)
	if _, err := st.w.Write(msg); err != nil {
		st.mu.Lock()
		delete(st.waiters, id)
		delete(st.prompt, id)
		st.mu.Unlock()
		return func() string { return "" }
	}
	return func() string {
		select {
		case p := <-ch:
			return p
		case <-time.After(2 * time.Second):
			return ""
		case <-st.closed:
			return ""
		}
	}
}

// close closes the pipe and waits for the reader to send what is left.
func (st *outStream) close() {
	_ = st.w.Close()
	select {
	case <-st.closed:
	case <-time.After(time.Second):
	}
	_ = st.r.Close()
}

// stdinReader is os.Stdin for cells: each read that finds nothing buffered asks the frontend
// for a line (Output.Input), with what the cell printed last without a newline as prompt.
type stdinReader struct {
	s   *Session
	mu  sync.Mutex
	buf []byte
}

// Read implements io.Reader.
func (r *stdinReader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.buf) == 0 {
		line, err := r.s.readLine()
		if err != nil {
			return 0, err
		}
		r.buf = append([]byte(line), '\n')
	}
	n := copy(p, r.buf)
	r.buf = r.buf[n:]
	return n, nil
}

// reset drops buffered input (a new cell starts with none).
func (r *stdinReader) reset() {
	r.mu.Lock()
	r.buf = nil
	r.mu.Unlock()
}
