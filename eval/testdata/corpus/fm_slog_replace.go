// A ReplaceAttr function and a small handler of the program's own that look at the
// values logged by their type, as slog hands them over.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"strings"
)

type Secret string

type Temp float64

func (t Temp) String() string { return fmt.Sprintf("%.1f°C", float64(t)) }

type Point struct{ X, Y int }

type Tagged struct{ Tag string }

func (t Tagged) LogValue() slog.Value { return slog.StringValue("#" + t.Tag) }

func redact(groups []string, a slog.Attr) slog.Attr {
	if a.Key == slog.TimeKey && len(groups) == 0 {
		return slog.Attr{}
	}
	switch v := a.Value.Any().(type) {
	case Secret:
		return slog.String(a.Key, strings.Repeat("*", len(v)))
	case Temp:
		return slog.Float64(a.Key+"_f", float64(v))
	case Point:
		return slog.Int(a.Key+"_sum", v.X+v.Y)
	}
	return a
}

type lineHandler struct {
	sb *strings.Builder
}

func (h lineHandler) Enabled(context.Context, slog.Level) bool { return true }
func (h lineHandler) WithAttrs([]slog.Attr) slog.Handler       { return h }
func (h lineHandler) WithGroup(string) slog.Handler            { return h }

func (h lineHandler) Handle(_ context.Context, r slog.Record) error {
	fmt.Fprintf(h.sb, "%s:", r.Message)
	r.Attrs(func(a slog.Attr) bool {
		v := a.Value.Resolve()
		if p, ok := v.Any().(Point); ok {
			fmt.Fprintf(h.sb, " %s=(%d,%d)", a.Key, p.X, p.Y)
			return true
		}
		fmt.Fprintf(h.sb, " %s=%v[%s]", a.Key, v.Any(), v.Kind())
		return true
	})
	h.sb.WriteString("\n")
	return nil
}

func main() {
	l := slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{ReplaceAttr: redact}))
	l.Info("a", "pw", Secret("hunter2"), "t", Temp(3), "p", Point{1, 2}, "n", 4, "tag", Tagged{"x"})
	var sb strings.Builder
	m := slog.New(lineHandler{&sb})
	m.Info("b", "p", Point{3, 4}, "t", Temp(5), "s", Secret("s"), "tag", Tagged{"y"}, "i", 6)
	fmt.Print(sb.String())
	v := slog.AnyValue(Temp(7))
	t, ok := v.Any().(Temp)
	fmt.Println(t, ok, v.Kind(), v)
}
