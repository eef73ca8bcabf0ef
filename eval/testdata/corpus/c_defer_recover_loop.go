package main

import (
	"fmt"
	"strings"
)

type Task struct {
	Name string
	Run  func() string
}

func runAll(tasks []Task) (report []string) {
	for _, t := range tasks {
		func() {
			defer func() {
				if r := recover(); r != nil {
					report = append(report, fmt.Sprintf("%s: panic: %v", t.Name, r))
				}
			}()
			report = append(report, t.Name+": "+t.Run())
		}()
	}
	return report
}

func main() {
	var m map[string]int
	var s []string
	tasks := []Task{
		{"upper", func() string { return strings.ToUpper("ok") }},
		{"nilmap", func() string { m["a"] = 1; return "unreachable" }},
		{"index", func() string { return s[3] }},
		{"custom", func() string { panic(fmt.Errorf("wrapped %d", 42)) }},
		{"last", func() string { return "still runs" }},
	}
	for _, line := range runAll(tasks) {
		fmt.Println(line)
	}
	fmt.Println(recoverNotInDefer())
}

func recoverNotInDefer() any {
	return recover()
}
