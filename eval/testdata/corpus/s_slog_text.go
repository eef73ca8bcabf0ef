package main

import (
	"log/slog"
	"os"
)

func main() {
	h := slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{
		ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey {
				return slog.Attr{}
			}
			return a
		},
	})
	log := slog.New(h)
	log.Info("started", "port", 8080, "debug", false)
	log.With("req", 7).Warn("slow", slog.Duration("took", 1500000000))
	log.Debug("hidden")
	log.Error("failed", "err", "boom")
}
