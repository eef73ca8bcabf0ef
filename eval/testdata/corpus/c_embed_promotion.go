package main

import (
	"fmt"
	"strings"
	"sync"
)

type Logger struct {
	prefix string
	lines  []string
}

func (l *Logger) Logf(format string, args ...any) {
	l.lines = append(l.lines, l.prefix+fmt.Sprintf(format, args...))
}

type Named struct{ Name string }

func (n Named) Hello() string { return "hello from " + n.Name }

type Service struct {
	*Logger
	Named
	sync.Mutex
	calls int
}

func (s *Service) Call() {
	s.Lock()
	defer s.Unlock()
	s.calls++
	s.Logf("call %d on %s", s.calls, s.Name)
}

type Locker interface {
	Lock()
	Unlock()
}

func main() {
	s := &Service{Logger: &Logger{prefix: "[svc] "}, Named: Named{"api"}}
	s.Call()
	s.Call()
	fmt.Println(strings.Join(s.lines, "\n"))
	fmt.Println(s.Hello(), s.Named.Hello())
	var l Locker = s
	l.Lock()
	fmt.Println("locked through interface")
	l.Unlock()
	_, ok := any(s).(interface{ Hello() string })
	_, ok2 := any(*s).(interface{ Logf(string, ...any) })
	fmt.Println(ok, ok2)
}
