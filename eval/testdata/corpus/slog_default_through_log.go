package main

import (
	"context"
	"fmt"
	"log"
	"log/slog"
	"os"
)

type point struct{ x, y int }

func (p point) String() string { return fmt.Sprintf("(%d,%d)", p.x, p.y) }

func main() {
	log.SetFlags(0)
	log.SetOutput(os.Stdout)
	log.SetPrefix("> ")

	slog.Debug("hidden")
	slog.Info("hello", "n", 1, "s", "two words", "p", point{1, 2})
	slog.Warn("warned", slog.Group("g", "a", 1, "b", true))
	l := slog.Default().With("req", 7).WithGroup("h")
	l.Error("failed", "err", fmt.Errorf("boom"))
	slog.Log(context.Background(), slog.LevelInfo+2, "custom level")
	slog.LogAttrs(context.Background(), slog.LevelInfo, "attrs", slog.Int("k", 3))
	fmt.Println(slog.Default().Enabled(context.Background(), slog.LevelDebug))

	old := slog.SetLogLoggerLevel(slog.LevelDebug)
	fmt.Println("old level:", old)
	slog.Debug("now shown")
	log.Print("plain log line")
	slog.SetLogLoggerLevel(old)

	def := slog.Default()
	noTime := func(groups []string, a slog.Attr) slog.Attr {
		if a.Key == slog.TimeKey && len(groups) == 0 {
			return slog.Attr{}
		}
		return a
	}
	slog.SetDefault(slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{ReplaceAttr: noTime})))
	slog.Info("through text", "k", "v")
	log.Print("log through slog")
	log.Printf("flags now %d", log.Flags())
	slog.SetLogLoggerLevel(slog.LevelError)
	log.Print("log at error")
	slog.SetLogLoggerLevel(slog.LevelInfo)

	slog.SetDefault(def)
	slog.Info("back to default")
	fmt.Println(slog.Default() == def)
}
