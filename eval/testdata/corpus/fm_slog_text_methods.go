// slog's handlers call MarshalText (text handler first, JSON through encoding/json) and
// MarshalJSON of the program's types, errors included, as in Go.
package main

import (
	"errors"
	"log/slog"
	"os"
	"strings"
)

type Level int

func (l Level) MarshalText() ([]byte, error) {
	return []byte(strings.Repeat("*", int(l)+1)), nil
}

type Code struct{ N int }

func (c *Code) MarshalText() ([]byte, error) { return []byte("code-" + string(rune('0'+c.N))), nil }

type APIError struct{ Status int }

func (e APIError) Error() string { return "api error" }

func (e APIError) MarshalJSON() ([]byte, error) {
	return []byte(`{"status":` + string(rune('0'+e.Status)) + `}`), nil
}

type TextErr struct{}

func (TextErr) Error() string                { return "text err" }
func (TextErr) MarshalText() ([]byte, error) { return []byte("TEXT"), nil }

func noTime(g []string, a slog.Attr) slog.Attr {
	if a.Key == slog.TimeKey && len(g) == 0 {
		return slog.Attr{}
	}
	return a
}

func main() {
	for _, h := range []slog.Handler{
		slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{ReplaceAttr: noTime}),
		slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{ReplaceAttr: noTime}),
	} {
		l := slog.New(h)
		l.Info("lv", "l", Level(2), "ls", []Level{0, 1}, "code", &Code{4}, "codev", Code{5})
		l.Info("err", "api", APIError{4}, "txt", TextErr{}, "plain", errors.New("x"))
		var e error = APIError{7}
		l.Info("iface", "e", e, "any", any(Level(0)))
	}
}
