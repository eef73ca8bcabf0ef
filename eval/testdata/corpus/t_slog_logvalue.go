// slog calls LogValue of a LogValuer.
package main

import (
	"log/slog"
	"os"
)

type Password string

func (Password) LogValue() slog.Value { return slog.StringValue("REDACTED") }

type User struct {
	Name string
	Pass Password
}

func (u User) LogValue() slog.Value {
	return slog.GroupValue(slog.String("name", u.Name))
}

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
	log.Info("login", "user", User{"ann", "pw"}, "pass", Password("x"))
}
