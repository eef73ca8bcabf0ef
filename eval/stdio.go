package eval

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"sync"
	"syscall"
	"time"
)

// flushInterval bounds how long streamed text waits to be sent: the first text after a
// quiet interval goes out at once, what follows it within one interval as one message.
const flushInterval = 20 * time.Millisecond

// maxUnsent is how much text may pile up before it is sent without waiting.
const maxUnsent = 256 << 10

// outStream carries one of a cell's output streams ("stdout" or "stderr") to the Output.
//
// Interpreted code writes to an os.Pipe, so that os.Stdout and os.Stderr stay *os.File in
// cells (code that needs a file keeps working) while everything it writes, by whatever
// path, goes through one ordered channel. A reader goroutine, woken by the runtime's poller
// when the pipe has data, drains it and batches the text to the Output of the running cell.
//
// sync drains the pipe itself, on the calling goroutine: every write that returned before
// sync was called is in the pipe or already taken out of it, and the reader and sync take
// bytes out only under drainMu, so once sync has emptied the pipe under that lock,
// everything written before it has been seen. No marker travels through the pipe and
// nothing waits for the reader to be scheduled: a cell's end costs two non-blocking reads.
type outStream struct {
	name   string
	r, w   *os.File
	rc     syscall.RawConn // of r, which is non-blocking
	target func() Output   // where text goes now

	drainMu sync.Mutex // held while bytes are read from the pipe and fed
	buf     []byte     // read buffer, under drainMu
	eof     bool       // the write end is closed and the pipe empty, under drainMu

	mu       sync.Mutex
	unsent   []byte // text read but not sent yet
	lastSent time.Time
	timer    *time.Timer
	closed   chan struct{}
	emitMu   sync.Mutex // keeps stream messages in order
}

// newOutStream opens the pipe and starts the reader.
func newOutStream(name string, target func() Output) (*outStream, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("eval: open %s pipe: %w", name, err)
	}
	rc, err := r.SyscallConn()
	if err != nil {
		r.Close()
		w.Close()
		return nil, fmt.Errorf("eval: %s pipe: %w", name, err)
	}
	st := &outStream{
		name:   name,
		r:      r,
		w:      w,
		rc:     rc,
		target: target,
		buf:    make([]byte, 64<<10),
		closed: make(chan struct{}),
	}
	go st.read()
	return st, nil
}

// read drains the pipe each time the poller says it has data, until the write end is closed.
func (st *outStream) read() {
	defer close(st.closed)
	_ = st.rc.Read(func(fd uintptr) bool { return st.drain(fd) })
	st.mu.Lock()
	text := st.takeUnsent()
	st.mu.Unlock()
	st.emit(text)
}

// drain reads what the pipe holds now and feeds it. It reports whether the pipe is done
// (end of file or an error other than "would block").
func (st *outStream) drain(fd uintptr) (done bool) {
	st.drainMu.Lock()
	defer st.drainMu.Unlock()
	if st.eof {
		return true
	}
	for {
		n, err := syscall.Read(int(fd), st.buf)
		if n > 0 {
			st.feed(st.buf[:n])
			continue
		}
		if err == syscall.EINTR {
			continue
		}
		if err == syscall.EAGAIN {
			return false
		}
		st.eof = true // n == 0: end of file; or a real error
		return true
	}
}

// feed queues bytes read from the pipe: the first whole lines after flushInterval without
// any go out at once (so that what a cell prints just before its process dies of a fatal
// error has the best chance to leave it), as does text that piled up past maxUnsent; the
// rest within flushInterval, batched.
func (st *outStream) feed(data []byte) {
	st.mu.Lock()
	st.unsent = append(st.unsent, data...)
	if len(st.unsent) >= maxUnsent {
		text := st.takeUnsent()
		st.lastSent = time.Now()
		st.mu.Unlock()
		st.emit(text)
		return
	}
	// At once: whole lines only. A last line without a newline waits (it may be the
	// prompt of an input request: see sync).
	if now := time.Now(); st.timer == nil && now.Sub(st.lastSent) >= flushInterval {
		if i := bytes.LastIndexByte(st.unsent, '\n'); i >= 0 {
			text := string(st.unsent[:i+1])
			st.unsent = append(st.unsent[:0], st.unsent[i+1:]...)
			st.lastSent = now
			if len(st.unsent) > 0 {
				st.timer = time.AfterFunc(flushInterval, st.flushTimer)
			}
			st.mu.Unlock()
			st.emit(text)
			return
		}
	}
	if len(st.unsent) > 0 && st.timer == nil {
		st.timer = time.AfterFunc(flushInterval, st.flushTimer)
	}
	st.mu.Unlock()
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
	st.lastSent = time.Now()
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

// sync sends everything written to the stream so far. With asPrompt, a last line without a
// newline is not sent but returned (it is the prompt of an input request).
func (st *outStream) sync(asPrompt bool) string {
	_ = st.rc.Control(func(fd uintptr) { st.drain(fd) })
	// Emitting under drainMu keeps the order of the text: the reader can't feed and emit
	// newer bytes in between.
	st.drainMu.Lock()
	defer st.drainMu.Unlock()
	st.mu.Lock()
	prompt := ""
	if asPrompt {
		if i := bytes.LastIndexByte(st.unsent, '\n'); i < len(st.unsent)-1 {
			prompt = string(st.unsent[i+1:])
			st.unsent = st.unsent[:i+1]
		}
	}
	text := st.takeUnsent()
	st.mu.Unlock()
	st.emit(text)
	return prompt
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
