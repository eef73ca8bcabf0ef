// slog with LogValue promoted from an embedded field, LogValuers behind a cell interface,
// String of a named int, wrapped errors, groups and both handlers.
package main

import (
	"errors"
	"fmt"
	"log/slog"
	"os"
	"time"
)

type Redacted struct{}

func (Redacted) LogValue() slog.Value { return slog.StringValue("[redacted]") }

type Token struct {
	Redacted
	Value string
}

type Named interface{ Name() string }

type Svc struct{ N string }

func (s Svc) Name() string { return s.N }
func (s Svc) LogValue() slog.Value {
	return slog.GroupValue(slog.String("name", s.N), slog.Int("len", len(s.N)))
}

type Level int

func (l Level) String() string { return [...]string{"lo", "hi"}[l] }

type Coded struct {
	Code int
	Err  error
}

func (c *Coded) Error() string { return fmt.Sprintf("code %d: %v", c.Code, c.Err) }
func (c *Coded) Unwrap() error { return c.Err }

func main() {
	opts := &slog.HandlerOptions{ReplaceAttr: func(g []string, a slog.Attr) slog.Attr {
		if a.Key == slog.TimeKey && len(g) == 0 {
			return slog.Attr{}
		}
		return a
	}}
	for _, l := range []*slog.Logger{slog.New(slog.NewTextHandler(os.Stdout, opts)), slog.New(slog.NewJSONHandler(os.Stdout, opts))} {
		var n Named = Svc{"api"}
		var err error = &Coded{404, errors.New("missing")}
		var nilErr error
		l.Info("a", "tok", Token{Value: "x"}, "svc", n, "lvl", Level(1), "d", 1500*time.Millisecond)
		l.Warn("b", "err", err, "nil", nilErr, "wrapped", fmt.Errorf("ctx: %w", err))
		l.WithGroup("req").Info("c", "svc", Svc{"db"}, slog.Group("inner", "lvl", Level(0)))
		l.Info("d", "levels", []Level{0, 1}, "m", map[string]Level{"x": 1}, "ptr", &Svc{"p"})
	}
}
