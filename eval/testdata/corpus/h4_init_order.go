package main

import (
	"fmt"
	"sort"
	"strings"
)

// A small command registry, set up the way Go programs often do it: package variables
// computed from one another and from helper functions, and init functions that fill a
// registry before main runs.

var banner = makeBanner()

var (
	appName  = strings.ToUpper(baseName)
	baseName = "inventory"
	version  = fmt.Sprintf("%d.%d", major, minor)
	major    = 1
	minor    = len(commands) + 1
)

var commands = []string{"add", "list", "remove"}
var longest = maxLen(commands)

var registry = map[string]func(args []string) string{}

func makeBanner() string {
	return fmt.Sprintf("%s v%s (%d commands, widest %d)", appName, version, len(commands), longest)
}

func maxLen(xs []string) int {
	n := 0
	for _, x := range xs {
		n = max(n, len(x))
	}
	return n
}

func init() {
	fmt.Println("init 1:", banner)
	registry["add"] = func(args []string) string { return "added " + strings.Join(args, ",") }
}

func init() {
	fmt.Println("init 2: registry has", len(registry))
	registry["list"] = func([]string) string { return "listing" }
}

func main() {
	fmt.Println("main:", appName, version, longest)
	names := make([]string, 0, len(registry))
	for name := range registry {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		fmt.Printf("%-*s -> %s\n", longest, name, registry[name]([]string{"a", "b"}))
	}
}
