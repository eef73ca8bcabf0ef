package main

import (
	"fmt"
	"strings"
)

type Notifier interface {
	Notify(msg string) string
}

type Email struct{ Addr string }
type SMS struct{ Number string }
type Multi []Notifier

func (e Email) Notify(m string) string { return "email " + e.Addr + ": " + m }
func (s *SMS) Notify(m string) string  { return "sms " + s.Number + ": " + strings.ToUpper(m) }
func (ms Multi) Notify(m string) string {
	var parts []string
	for _, n := range ms {
		parts = append(parts, n.Notify(m))
	}
	return strings.Join(parts, " & ")
}

type NotifierFunc func(string) string

func (f NotifierFunc) Notify(m string) string { return f(m) }

func main() {
	ns := []Notifier{
		Email{"a@x.io"},
		&SMS{"555"},
		Multi{Email{"b@x.io"}, &SMS{"777"}},
		NotifierFunc(func(m string) string { return "func: " + m }),
	}
	for _, n := range ns {
		fmt.Println(n.Notify("deploy done"))
	}
	send := ns[1].Notify
	ns[1] = Email{"replaced"}
	fmt.Println(send("bound earlier"))
	var _ Notifier = (*Email)(nil)
	var e *Email = &Email{"ptr"}
	fmt.Println(Notifier(e).Notify("via pointer"))
	fmt.Printf("%T %T\n", ns[2], ns[3])
}
