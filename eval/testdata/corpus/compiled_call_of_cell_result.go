package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"sort"
	"strings"
)

type byLen struct{ s []string }

func (b *byLen) Len() int           { return len(b.s) }
func (b *byLen) Less(i, j int) bool { return len(b.s[i]) < len(b.s[j]) }
func (b *byLen) Swap(i, j int)      { b.s[i], b.s[j] = b.s[j], b.s[i] }

func newByLen(s []string) *byLen { return &byLen{s} }

type upper string

func (u upper) String() string { return strings.ToUpper(string(u)) }

func mkUpper(s string) upper { return upper(s) }

type quiet struct{ h slog.Handler }

func (q quiet) Enabled(_ context.Context, l slog.Level) bool { return l >= slog.LevelWarn }
func (q quiet) Handle(ctx context.Context, r slog.Record) error {
	return q.h.Handle(ctx, r)
}
func (q quiet) WithAttrs(as []slog.Attr) slog.Handler { return quiet{q.h.WithAttrs(as)} }
func (q quiet) WithGroup(g string) slog.Handler       { return quiet{q.h.WithGroup(g)} }

func newQuiet() quiet {
	noTime := func(groups []string, a slog.Attr) slog.Attr {
		if a.Key == slog.TimeKey && len(groups) == 0 {
			return slog.Attr{}
		}
		return a
	}
	return quiet{slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{ReplaceAttr: noTime})}
}

func pair() (*byLen, int) { return newByLen([]string{"bb", "a"}), 2 }

func main() {
	words := []string{"ccc", "a", "bb"}
	sort.Sort(newByLen(words))
	fmt.Println(words)
	var b strings.Builder
	fmt.Fprint(&b, mkUpper("x"), mkUpper("y"))
	fmt.Println(b.String())
	l := slog.New(newQuiet())
	l.Info("hidden")
	l.Warn("shown", "n", 1)
	fmt.Println(sort.IsSorted(newByLen(words)), sort.IsSorted(sort.Reverse(newByLen(words))))
	s, n := pair()
	sort.Sort(s)
	fmt.Println(s.s, n)
}
