package main

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

const logs = `2024-01-05 10:00:01 INFO  user=alice action=login ms=12
2024-01-05 10:00:07 WARN  user=bob action=upload ms=340
2024-01-05 10:01:00 ERROR user=alice action=upload ms=1200
bad line here
2024-01-05 10:02:30 INFO  user=carol action=logout ms=3`

var lineRE = regexp.MustCompile(`^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}) (\w+)\s+(.*)$`)
var kvRE = regexp.MustCompile(`(\w+)=(\w+)`)

func main() {
	byLevel := map[string]int{}
	totalMs := 0
	for _, line := range strings.Split(logs, "\n") {
		m := lineRE.FindStringSubmatch(line)
		if m == nil {
			fmt.Printf("skip %q\n", line)
			continue
		}
		byLevel[m[3]]++
		for _, kv := range kvRE.FindAllStringSubmatch(m[4], -1) {
			if kv[1] == "ms" {
				n, _ := strconv.Atoi(kv[2])
				totalMs += n
			}
		}
	}
	fmt.Println(byLevel, totalMs)
	re := regexp.MustCompile(`(?P<user>\w+)@(?P<host>[\w.]+)`)
	m := re.FindStringSubmatch("mail bob@example.com now")
	for i, name := range re.SubexpNames() {
		if name != "" {
			fmt.Println(name, m[i])
		}
	}
	fmt.Println(re.ReplaceAllString("a@b.c and d@e.f", "${host}:${user}"))
	fmt.Println(regexp.MustCompile(`\d+`).ReplaceAllStringFunc("a1b22c333", func(s string) string {
		return strconv.Itoa(len(s))
	}))
	fmt.Println(regexp.MustCompile(`a+`).FindAllStringIndex("baaacaad", -1))
	_, err := regexp.Compile(`(unclosed`)
	fmt.Println(err)
	fmt.Println(regexp.MustCompile(`(?i)hello`).MatchString("HeLLo world"))
	fmt.Printf("%q\n", regexp.MustCompile(`\s*,\s*`).Split("a , b,c ,  d", -1))
}
