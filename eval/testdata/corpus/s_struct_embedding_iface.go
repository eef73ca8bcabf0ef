package main

import (
	"fmt"
	"strings"
)

type Logger struct {
	prefix string
	lines  []string
}

func (l *Logger) Log(msg string) { l.lines = append(l.lines, l.prefix+msg) }

type Service struct {
	*Logger
	Name string
}

type logs interface{ Log(string) }

func main() {
	s := Service{&Logger{prefix: "[svc] "}, "api"}
	s.Log("start")
	var l logs = s
	l.Log("via interface")
	fmt.Println(strings.Join(s.lines, "; "))
	fmt.Println(s.prefix, s.Name)
}
