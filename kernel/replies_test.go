package kernel

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/peerbook/peerbook/kernel/internal/history"
)

var updateReplies = flag.Bool("update-replies", false, "rewrite testdata/replies.golden from the kernel's replies")

// awkward are strings that JSON encoders write differently: quotes and backslashes, every
// kind of control character, HTML's special characters, the line separators JavaScript
// treats as newlines, invalid UTF-8, characters outside the BMP.
var awkward = []string{"", "plain", "a\"b\\c/d", "\n\r\t\x00\x01\x1f\x7f", "\b\f", "<script>&amp;</script>",
	"\u2028\u2029", "\xff\xfe bad \xc3", "héllo 🌍 \u00e9\u0301", strings.Repeat("x", 300)}

// replyCases are the contents the kernel sends, for inputs that cover each field's cases.
func replyCases() []struct {
	name    string
	content []byte
} {
	type rc = struct {
		name    string
		content []byte
	}
	var cases []rc
	add := func(name string, c []byte) { cases = append(cases, rc{name, c}) }
	three := 3
	out := "out"
	for i, s := range awkward {
		n := func(what string) string { return fmt.Sprintf("%s/%d", what, i) }
		add(n("stream"), streamContent("stdout", s))
		add(n("input_request"), inputRequestContent(s, i%2 == 0))
		add(n("kernel_info_reply"), kernelInfoContent(s, "1.26.8"))
		add(n("debug_reply"), debugReplyContent(i-1, s))
		add(n("error"), errorContent(s, s, []string{s, "line 2"}))
		add(n("execute_reply/error"), executeErrorReplyContent(i, s, s, []string{s}))
		add(n("execute_input"), executeInputContent(s, i))
		add(n("complete_reply"), completeReplyContent([]string{s, "b"}, i, i+1, []byte(`{"_jupyter_types_experimental":[{"text":"x"}]}`)))
		add(n("is_complete_reply/incomplete"), isCompleteReplyContent("incomplete", s))
		add(n("comm_close"), commCloseContent(s, "no target "+s))
		add(n("display_data/id"), displayContent([]byte(`{"text/plain":"x"}`), nil, s))
		add(n("history_reply/output"), historyReplyContent([]history.Entry{{Session: i, Line: 1, Input: s, Output: &out}, {Session: 2, Line: 3, Input: s}}, true))
		add(n("history_reply"), historyReplyContent([]history.Entry{{Session: i, Line: 1, Input: s, Output: &out}}, false))
	}
	add("shutdown_reply/restart", shutdownReplyContent(true))
	add("shutdown_reply", shutdownReplyContent(false))
	add("error/nil traceback", errorContent("E", "v", nil))
	add("reply error", errorReplyContent("BadRequest", "why", []string{"tb"}, nil, true))
	add("reply error/execute", errorReplyContent("BadRequest", "why", []string{"tb"}, &three, false))
	add("reply error/execute refused", errorReplyContent("MessageTooLarge", "why", []string{"tb"}, &three, true))
	add("execute_reply/aborted", abortedReplyContent(7))
	add("execute_reply/error nil traceback", executeErrorReplyContent(1, "E", "v", nil))
	add("execute_result", executeResultContent(4, []byte(`{"text/plain":"2","text/html":"<b>2</b>"}`), []byte(`{"image/png":{"width":3}}`)))
	add("execute_result/empty", executeResultContent(4, nil, nil))
	add("execute_reply", executeReplyContent(5, nil, nil))
	add("execute_reply/payloads", executeReplyContent(5, []byte(`[{"source":"page","data":{"text/plain":"help"},"start":0}]`), []byte(`{"x":{"status":"ok","data":{"text/plain":"1"},"metadata":{}}}`)))
	add("complete_reply/none", completeReplyContent([]string{}, 0, 0, nil))
	add("complete_reply/nil", completeReplyContent(nil, 2, 2, []byte(`{}`)))
	add("inspect_reply/found", inspectReplyContent(true, []byte(`{"text/plain":"func Println(a ...any) (n int, err error)"}`)))
	add("inspect_reply", inspectReplyContent(false, nil))
	add("is_complete_reply/complete", isCompleteReplyContent("complete", "  "))
	add("is_complete_reply/invalid", isCompleteReplyContent("invalid", ""))
	add("history_reply/empty", historyReplyContent(nil, true))
	add("clear_output/wait", clearOutputContent(true))
	add("clear_output", clearOutputContent(false))
	add("display_data", displayContent([]byte(`{"image/svg+xml":"<svg/>","text/plain":"pic"}`), []byte(`{"isolated":true}`), ""))
	add("display_data/empty", displayContent(nil, nil, ""))
	for _, st := range []string{"starting", "busy", "idle"} {
		add("status/"+st, statusContent(st))
	}
	add("status/busy, written once", statusBusy)
	add("status/idle, written once", statusIdle)
	add("status/starting, written once", statusStarting)
	add("interrupt_reply", interruptReplyContent)
	add("comm_info_reply", commInfoReplyContent)
	return cases
}

// TestRepliesAreAsBefore: every content the kernel sends is, field by field and in the same
// order, what the hand-built JSON it replaced sent (testdata/replies.golden, written by
// that code; -update-replies writes it from today's). Strings compare decoded: an escape
// written another way (\b for \u0008) is the same string to every JSON parser.
func TestRepliesAreAsBefore(t *testing.T) {
	const golden = "testdata/replies.golden"
	cases := replyCases()
	if *updateReplies {
		var b bytes.Buffer
		for _, c := range cases {
			fmt.Fprintf(&b, "%s\t%s\n", c.name, c.content)
		}
		if err := os.WriteFile(golden, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]byte{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		name, content, ok := bytes.Cut(sc.Bytes(), []byte("\t"))
		if !ok {
			t.Fatalf("%s: a line without a tab: %q", golden, sc.Text())
		}
		want[string(name)] = append([]byte(nil), content...)
	}
	if len(want) != len(cases) {
		t.Errorf("%s has %d contents, the table %d", golden, len(want), len(cases))
	}
	for _, c := range cases {
		w, ok := want[c.name]
		if !ok {
			t.Errorf("%s: not in %s", c.name, golden)
			continue
		}
		if !json.Valid(c.content) {
			t.Errorf("%s: not JSON: %s", c.name, c.content)
			continue
		}
		got, err := tokens(c.content)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		exp, err := tokens(w)
		if err != nil {
			t.Fatalf("%s (golden): %v", c.name, err)
		}
		if !reflect.DeepEqual(got, exp) {
			t.Errorf("%s:\n got  %s\n want %s", c.name, c.content, w)
		}
	}
}

// tokens is the JSON text's tokens in order (keys, values, delimiters; numbers as written).
func tokens(data []byte) ([]any, error) {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	var toks []any
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			return toks, nil
		}
		if err != nil {
			return nil, err
		}
		if delim, ok := tok.(json.Delim); ok {
			tok = string(delim)
		}
		toks = append(toks, tok)
	}
}
