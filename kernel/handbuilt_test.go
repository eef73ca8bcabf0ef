package kernel

import (
	"strconv"

	"github.com/peerbook/peerbook/kernel/internal/wire"
)

// The hand-built JSON the kernel's contents were written with before encoding/json
// (replies.go): the reference of BenchmarkReplyContent and BenchmarkDisplayContent.

// obj builds a JSON object by appending fields.
type obj struct{ b []byte }

func newObj() *obj { return &obj{b: append(make([]byte, 0, 128), '{')} }

func (o *obj) key(k string) *obj {
	if len(o.b) > 1 {
		o.b = append(o.b, ',')
	}
	o.b = wire.AppendString(o.b, k)
	o.b = append(o.b, ':')
	return o
}

func (o *obj) str(k, v string) *obj { o.key(k).b = wire.AppendString(o.b, v); return o }
func (o *obj) int(k string, v int) *obj {
	o.key(k).b = strconv.AppendInt(o.b, int64(v), 10)
	return o
}
func (o *obj) bool(k string, v bool) *obj { o.key(k).b = strconv.AppendBool(o.b, v); return o }

// raw adds v, which must be JSON; empty v is written as def.
func (o *obj) raw(k string, v []byte, def string) *obj {
	if len(v) == 0 {
		o.key(k).b = append(o.b, def...)
		return o
	}
	o.key(k).b = append(o.b, v...)
	return o
}

func (o *obj) strs(k string, vs []string) *obj {
	o.key(k).b = append(o.b, '[')
	for i, v := range vs {
		if i > 0 {
			o.b = append(o.b, ',')
		}
		o.b = wire.AppendString(o.b, v)
	}
	o.b = append(o.b, ']')
	return o
}

func (o *obj) done() []byte { return append(o.b, '}') }

func handBuiltExecuteReply(count int, payloads, userExpressions []byte) []byte {
	return newObj().str("status", "ok").int("execution_count", count).
		raw("payload", payloads, "[]").raw("user_expressions", userExpressions, "{}").done()
}

func handBuiltExecuteInput(code string, count int) []byte {
	return newObj().str("code", code).int("execution_count", count).done()
}

func handBuiltStream(name, text string) []byte {
	return newObj().str("name", name).str("text", text).done()
}

func handBuiltStatus(state string) []byte {
	return newObj().str("execution_state", state).done()
}

func handBuiltDisplay(data, metadata []byte, id string) []byte {
	c := newObj().raw("data", data, "{}").raw("metadata", metadata, "{}")
	if id != "" {
		c.raw("transient", newObj().str("display_id", id).done(), "{}")
	} else {
		c.raw("transient", emptyObject, "{}")
	}
	return c.done()
}
