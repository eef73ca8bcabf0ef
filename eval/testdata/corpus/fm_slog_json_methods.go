// slog's JSON handler calls MarshalJSON of the program's types (also nested in structs and
// slices), and the text handler formats them with fmt, as in Go.
package main

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"strings"
)

type Status int

func (s Status) MarshalJSON() ([]byte, error) {
	return json.Marshal(strings.ToLower([]string{"OK", "FAIL"}[s]))
}

func (s Status) String() string { return []string{"OK", "FAIL"}[s] }

type Job struct {
	Name   string
	Status Status
	Tags   []string `json:"tags,omitempty"`
}

type Point struct{ X, Y int }

func (p Point) MarshalJSON() ([]byte, error) { return []byte(fmt.Sprintf("[%d,%d]", p.X, p.Y)), nil }

func noTime(g []string, a slog.Attr) slog.Attr {
	if a.Key == slog.TimeKey && len(g) == 0 {
		return slog.Attr{}
	}
	return a
}

func main() {
	for _, h := range []slog.Handler{
		slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{ReplaceAttr: noTime}),
		slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{ReplaceAttr: noTime}),
	} {
		l := slog.New(h)
		l.Info("job", "job", Job{"build", 1, nil}, "st", Status(0))
		l.Info("pts", "p", Point{1, 2}, "list", []Point{{3, 4}}, "ptr", &Point{5, 6})
		l.Info("html", "s", Job{Name: "<a&b>"})
	}
}
