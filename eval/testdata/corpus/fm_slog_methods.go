// log/slog with values of the program's types: LogValue (also nested and through
// pointers), String and Format through the text handler's %+v, Error for errors in both
// handlers, JSON encoding of structs, byte slices, With and Group, and the default logger.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
)

type Password string

func (Password) LogValue() slog.Value { return slog.StringValue("REDACTED") }

type User struct {
	ID    int
	Name  string
	Email string
	pass  Password
}

func (u *User) LogValue() slog.Value {
	return slog.GroupValue(
		slog.Int("id", u.ID),
		slog.String("name", u.Name),
		slog.Any("pass", u.pass),
	)
}

type Temp float64

func (t Temp) String() string { return fmt.Sprintf("%.1f°C", float64(t)) }

type Money int64

func (m Money) Format(f fmt.State, verb rune) {
	if f.Flag('+') {
		fmt.Fprintf(f, "EUR %d.%02d", int64(m)/100, int64(m)%100)
		return
	}
	fmt.Fprintf(f, "%d.%02d", int64(m)/100, int64(m)%100)
}

type NotFound struct{ Key string }

func (e NotFound) Error() string { return "not found: " + e.Key }

type Hash []byte

type Order struct {
	ID    int
	Total Money
	Temp  Temp
	Items []string
	note  string
}

type lazy struct{ n int }

func (l lazy) LogValue() slog.Value { return slog.AnyValue(Order{ID: l.n, Total: Money(l.n * 100)}) }

func noTime(groups []string, a slog.Attr) slog.Attr {
	if a.Key == slog.TimeKey && len(groups) == 0 {
		return slog.Attr{}
	}
	return a
}

func main() {
	opts := &slog.HandlerOptions{ReplaceAttr: noTime}
	text := slog.New(slog.NewTextHandler(os.Stdout, opts))
	js := slog.New(slog.NewJSONHandler(os.Stdout, opts))
	u := &User{7, "ann", "a@x.io", "pw"}
	o := Order{ID: 1, Total: 1250, Temp: 4.5, Items: []string{"tea"}, note: "n"}
	for _, l := range []*slog.Logger{text, js} {
		l.Info("login", "user", u, "pass", Password("x"))
		l.Info("value user", "user", *u)
		l.Warn("order", "order", o, "total", o.Total, "temp", o.Temp)
		l.Error("failed", "err", NotFound{"k1"}, "ptr", &NotFound{"k2"})
		var err error = NotFound{"k3"}
		l.Error("failed", slog.Any("err", err))
		l.Info("bytes", "hash", Hash{0xff, 0x61}, "raw", []byte("hi"))
		l.Info("lazy", "l", lazy{3})
		l.With("user", u).Info("with", slog.Group("g", "t", Temp(-1), "m", Money(5)))
		args := []any{"t", Temp(20), "n", 3, "u", u}
		l.Info("spread", args...)
		l.Log(context.Background(), slog.LevelInfo, "log", "m", Money(99))
		l.LogAttrs(context.Background(), slog.LevelInfo, "attrs", slog.Any("t", Temp(1)), slog.Any("u", u))
		var nilU *User
		l.Info("nil", "t", nil, "any", any(Temp(2)), "list", []any{Temp(3), 4})
		_ = nilU
	}
	slog.SetDefault(text)
	slog.Info("default", "t", Temp(5), "pass", Password("y"))
	slog.Debug("hidden", "t", Temp(6))
}
