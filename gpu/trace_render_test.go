package gpu

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// checkTraceEventFormat checks data against the Trace Event Format as documented
// ("Trace Event Format", the Google document linked from catapult's
// docs/trace-event-format.md, which Perfetto's JSON importer follows): the JSON object
// form, {"traceEvents": [...]} with an optional "displayTimeUnit" of "ms" or "ns"; every
// event has a string "name", a one-letter "ph", a numeric "ts" in microseconds and numeric
// "pid" and "tid"; "args", where present, is an object; complete events ("X") have a
// numeric, non-negative "dur"; instant events ("i"/"I") have an "s" scope of "g", "p" or
// "t" where present; metadata events ("M") are process_name, process_labels,
// process_sort_index, thread_name or thread_sort_index, with args {"name": string} or
// {"sort_index": number}. It returns the events.
func checkTraceEventFormat(t *testing.T, data []byte) []map[string]any {
	t.Helper()
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		t.Fatalf("not a JSON object: %v", err)
	}
	if u, ok := top["displayTimeUnit"]; ok {
		var s string
		if json.Unmarshal(u, &s) != nil || (s != "ms" && s != "ns") {
			t.Errorf("displayTimeUnit %s: want \"ms\" or \"ns\"", u)
		}
	}
	raw, ok := top["traceEvents"]
	if !ok {
		t.Fatal("no traceEvents array")
	}
	var events []map[string]any
	if err := json.Unmarshal(raw, &events); err != nil {
		t.Fatalf("traceEvents is not an array of objects: %v", err)
	}
	for i, ev := range events {
		bad := func(format string, a ...any) { t.Errorf("event %d %v: %s", i, ev, fmt.Sprintf(format, a...)) }
		if _, ok := ev["name"].(string); !ok {
			bad("no string name")
		}
		ph, _ := ev["ph"].(string)
		if len(ph) != 1 {
			bad("ph %v is not one letter", ev["ph"])
		}
		for _, f := range []string{"ts", "pid", "tid"} {
			if _, ok := ev[f].(float64); !ok {
				bad("%s is not a number", f)
			}
		}
		if a, ok := ev["args"]; ok {
			if _, ok := a.(map[string]any); !ok {
				bad("args is not an object")
			}
		}
		switch ph {
		case "X":
			if d, ok := ev["dur"].(float64); !ok || d < 0 {
				bad("complete event without a non-negative dur")
			}
		case "i", "I":
			if s, ok := ev["s"]; ok && s != "g" && s != "p" && s != "t" {
				bad("instant scope %v", s)
			}
		case "M":
			args, _ := ev["args"].(map[string]any)
			switch ev["name"] {
			case "process_name", "thread_name", "process_labels":
				if _, ok := args["name"].(string); !ok && ev["name"] != "process_labels" {
					bad("metadata without args.name")
				}
			case "process_sort_index", "thread_sort_index":
				if _, ok := args["sort_index"].(float64); !ok {
					bad("metadata without args.sort_index")
				}
			default:
				bad("unknown metadata name")
			}
		case "B", "E", "C", "b", "e", "n", "s", "t", "f", "P", "O", "N", "D", "R", "c":
		default:
			bad("unknown phase %q", ph)
		}
	}
	return events
}

func TestTimelineWriteTrace(t *testing.T) {
	use(t, "sim:nvlink2")
	ks := defineGo(t, `
func bump(t gpu.Thread, x []float32) {
	for i := t.GlobalX(); i < len(x); i += t.StrideX() {
		x[i]++
	}
}`)
	x := must(Dev(0).Alloc(Float32, 1<<16))
	y := must(Dev(1).Alloc(Float32, 1<<16))
	h := must(Host().AllocShared(Uint32, 1))
	s := must(Dev(1).NewStream())
	tl := Trace()
	must(0, ks["bump"].Launch(Dev(0), 4, 64, x))
	must(0, CopyAsync(y, x, s))
	must(0, s.Synchronize())
	must(0, h.AtomicStore(0, 1))
	must(0, tl.Stop())

	path := filepath.Join(t.TempDir(), "trace.json")
	must(0, tl.WriteTrace(path))
	data := must(os.ReadFile(path))
	events := checkTraceEventFormat(t, data)
	var phases, names []string
	for _, ev := range events {
		phases = append(phases, ev["ph"].(string))
		if ev["ph"] == "M" && ev["name"] == "thread_name" {
			args := ev["args"].(map[string]any)
			names = append(names, fmt.Sprintf("%v/%v=%v", ev["pid"], ev["tid"], args["name"]))
		}
	}
	if got, want := strings.Join(names, " "), "2/1=GPU0 (own stream) 3/2=GPU1 stream 1 1/1=host"; got != want {
		t.Errorf("threads %q, want %q", got, want)
	}
	if got := strings.Count(strings.Join(phases, ""), "X"); got != 3 {
		t.Errorf("%d complete events (%v), want 3: the launch, the copy, the synchronize", got, phases)
	}
	if got := strings.Count(strings.Join(phases, ""), "i"); got != 1 {
		t.Errorf("%d instant events, want 1 (the flag)", got)
	}
	for _, ev := range events {
		if ev["cat"] == "copy" {
			args := ev["args"].(map[string]any)
			if args["bytes"] != float64(1<<18) || args["direction"] != "P2P" || ev["dur"].(float64) <= 0 {
				t.Errorf("copy event %v", ev)
			}
			if gbs := args["GB/s"].(float64); gbs <= 0 {
				t.Errorf("copy rate %v", gbs)
			}
		}
	}
	if err := tl.WriteTrace(filepath.Join(t.TempDir(), "no", "such", "dir.json")); err == nil || !strings.Contains(err.Error(), "write trace") {
		t.Errorf("write to a missing directory: %v", err)
	}
}

func TestTraceEventFormatCheckFails(t *testing.T) {
	// The schema check must reject what the format forbids.
	for _, bad := range []string{
		`[]`,
		`{"traceEvents": [{"name": "a", "ph": "X", "ts": 1, "pid": 1, "tid": 1}]}`,             // no dur
		`{"traceEvents": [{"name": "a", "ph": "X", "ts": "1", "dur": 1, "pid": 1, "tid": 1}]}`, // ts a string
		`{"traceEvents": [{"name": "a", "ph": "M", "ts": 0, "pid": 1, "tid": 1, "args": {}}]}`, // unknown metadata
		`{"traceEvents": [{"name": "a", "ph": "i", "s": "x", "ts": 0, "pid": 1, "tid": 1}]}`,   // bad scope
		`{"traceEvents": [], "displayTimeUnit": "us"}`,
	} {
		ft := &testing.T{}
		done := make(chan struct{})
		go func() {
			defer close(done)
			checkTraceEventFormat(ft, []byte(bad))
		}()
		<-done
		if !ft.Failed() {
			t.Errorf("accepted %s", bad)
		}
	}
}

func TestTimelineRenders(t *testing.T) {
	use(t, "sim:2")
	x := must(Dev(0).Alloc(Float32, 1024))
	hx := must(Host().Alloc(Float32, 1024))
	tl := Trace()
	must(0, x.Fill(1))
	must(0, Copy(hx, x))
	// Rendering a timeline still recording stops it.
	b := tl.MIMEBundle()
	if tracing.Load() != nil {
		t.Error("rendering did not stop the timeline")
	}
	text, _ := b.Data["text/plain"].(string)
	htm, _ := b.Data["text/html"].(string)
	svg, _ := b.Data["image/svg+xml"].(string)
	for _, want := range []string{"2 operations on 1 lane", "GPU0", "memset", "fill", "D2H", "4 KiB"} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
	if !strings.Contains(htm, "<script>") || !strings.Contains(htm, `\u003csvg`) || strings.Contains(svg, "<script") || !strings.HasPrefix(svg, "<svg") {
		t.Errorf("html has no chart with its script, or svg has a script:\n%.300s\n%.300s", htm, svg)
	}
	if tb := tl.Table(); !strings.Contains(tb.Data["text/plain"].(string), "D2H") {
		t.Errorf("table: %v", tb.Data["text/plain"])
	}
	var buf bytes.Buffer
	must(0, tl.WriteTraceTo(&buf))
	checkTraceEventFormat(t, buf.Bytes())
	_ = time.Second
}
