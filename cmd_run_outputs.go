package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"
	"os"
	"sync"

	"github.com/peerbook/peerbook/display"
	"github.com/peerbook/peerbook/kernel/notebook"
)

// outputLog keeps the running cell's outputs in a file, one JSON line per output as it
// happens (a write each, so the kernel has it even when the process dies the next
// instant): a worker that dies with its cell leaves what the cell printed and displayed
// before, and the parent replays it into the cell (replayOutputs). It is an eval.Output
// for notebook.RunOptions.Observer; reset empties it when a cell starts.
type outputLog struct {
	mu sync.Mutex
	f  *os.File
}

// loggedOutput is one line of an outputLog: one of Stream, Display (with ID and Update),
// Clear (its wait flag).
type loggedOutput struct {
	Stream  *loggedStream   `json:"stream,omitempty"`
	Display *display.Bundle `json:"display,omitempty"`
	ID      string          `json:"id,omitempty"`
	Update  bool            `json:"update,omitempty"`
	Clear   *bool           `json:"clear,omitempty"`
}

type loggedStream struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

func openOutputLog(path string) (*outputLog, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC|os.O_APPEND, 0o600)
	if err != nil {
		return nil, err
	}
	return &outputLog{f: f}, nil
}

// reset empties the log for the next cell.
func (l *outputLog) reset() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.f.Truncate(0)
}

func (l *outputLog) write(o loggedOutput) {
	data, err := json.Marshal(o)
	if err != nil {
		return // a display bundle that can't be encoded can't be written to the notebook either
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.f.Write(append(data, '\n'))
}

func (l *outputLog) Stream(name, text string) {
	l.write(loggedOutput{Stream: &loggedStream{name, text}})
}

func (l *outputLog) Display(b display.Bundle, id string, update bool) {
	l.write(loggedOutput{Display: &b, ID: id, Update: update})
}

func (l *outputLog) ClearOutput(wait bool) { l.write(loggedOutput{Clear: &wait}) }

// Input is never called (see notebook.RunOptions.Observer).
func (l *outputLog) Input(string, bool) (string, error) {
	return "", errors.New("an output log takes no input")
}

func (l *outputLog) Close() error { return l.f.Close() }

// replayOutputs returns the outputs an outputLog's file holds, as the cell's Recorder had
// them (streams merged, updates applied, clears honoured). A line cut short by the
// process's death ends it; a missing file is no outputs.
func replayOutputs(path string) []map[string]any {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	rec := &notebook.Recorder{}
	r := bufio.NewReader(f)
	for {
		line, err := r.ReadBytes('\n')
		if err != nil {
			if err != io.EOF || len(line) == 0 {
				break
			}
		}
		var o loggedOutput
		if json.Unmarshal(line, &o) != nil {
			break
		}
		switch {
		case o.Stream != nil:
			rec.Stream(o.Stream.Name, o.Stream.Text)
		case o.Display != nil:
			rec.Display(*o.Display, o.ID, o.Update)
		case o.Clear != nil:
			rec.ClearOutput(*o.Clear)
		}
		if err != nil {
			break
		}
	}
	return rec.Outputs()
}
