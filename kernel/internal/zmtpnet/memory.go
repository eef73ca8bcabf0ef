package zmtpnet

import (
	"runtime/debug"
	"sync"
	"time"
)

// Memory after many connections closed. Go's runtime gives freed memory back to the
// operating system slowly, and an idle kernel collects no garbage for minutes: after a
// burst of thousands of connections, the process would keep their memory long after they
// closed. Once trimAfter connections (of all Networks) have closed since the last trim,
// the memory is given back trimPause after the last close of the burst, or at once every
// trimEvery closes of a burst that does not pause.
const (
	trimAfter = 256
	trimEvery = 4096
	trimPause = time.Second
)

var trim struct {
	mu     sync.Mutex
	closed int // connections closed since the last trim
	timer  *time.Timer
}

// connClosed counts a closed connection toward the next trim.
func connClosed() {
	trim.mu.Lock()
	defer trim.mu.Unlock()
	trim.closed++
	switch {
	case trim.closed >= trimEvery:
		trim.closed = 0
		if trim.timer != nil {
			trim.timer.Stop()
		}
		go debug.FreeOSMemory()
	case trim.closed >= trimAfter:
		if trim.timer == nil {
			trim.timer = time.AfterFunc(trimPause, trimNow)
		} else {
			trim.timer.Reset(trimPause)
		}
	}
}

// trimNow collects garbage and returns free memory to the operating system.
func trimNow() {
	trim.mu.Lock()
	trim.closed = 0
	trim.mu.Unlock()
	debug.FreeOSMemory()
}
