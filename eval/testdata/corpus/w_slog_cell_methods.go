package main

import (
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"text/template"
)

type Point struct{ X, Y int }

func (p Point) Sum() int { return p.X + p.Y }

type Temp float64

func (t Temp) String() string { return fmt.Sprintf("%.1fC", float64(t)) }

type Plain struct{ A int }

type MyErr struct{ Code int }

func (e *MyErr) Error() string { return fmt.Sprintf("code %d", e.Code) }

func main() {
	h := slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{ReplaceAttr: func(g []string, a slog.Attr) slog.Attr {
		if a.Key == slog.TimeKey && len(g) == 0 {
			return slog.Attr{}
		}
		return a
	}}))
	p := Point{1, 2}
	h.Info("variadic", "p", p)
	h.Info("any", slog.Any("p", p))
	h.Info("temp", "t", Temp(21.5))
	h.Info("plain", "v", Plain{3})
	h.Info("group", slog.Group("g", "p", p))
	var err error = &MyErr{7}
	h.Info("err", "err", err)
	h.Info("err2", "err", errors.New("x"))
	args := []any{"p", p}
	h.Info("slice", args...)
	j := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{ReplaceAttr: func(g []string, a slog.Attr) slog.Attr {
		if a.Key == slog.TimeKey && len(g) == 0 {
			return slog.Attr{}
		}
		return a
	}}))
	j.Info("json", "p", p, "t", Temp(3))
	var sb strings.Builder
	tm := template.Must(template.New("x").Parse("{{.}} {{index . 0}}\n"))
	tm.Execute(&sb, []any{p, Temp(2)})
	fmt.Print(sb.String())
	tm2 := template.Must(template.New("y").Parse("{{.V}}\n"))
	tm2.Execute(os.Stdout, map[string]any{"V": Temp(4)})
	tm2.Execute(os.Stdout, struct{ V any }{p})
}
