package main

import (
	"bufio"
	"fmt"
	"sort"
	"strings"
)

const logData = `2024-01-01 INFO server started
2024-01-01 WARN disk 80%
2024-01-02 ERROR connection lost
2024-01-02 INFO retry ok
2024-01-03 ERROR connection lost
malformed line
2024-01-03 INFO shutdown`

func main() {
	sc := bufio.NewScanner(strings.NewReader(logData))
	levels := map[string]int{}
	var errorsByMsg = map[string][]string{}
	lineNo := 0
	for sc.Scan() {
		lineNo++
		parts := strings.SplitN(sc.Text(), " ", 3)
		if len(parts) < 3 {
			fmt.Printf("line %d: skipped %q\n", lineNo, sc.Text())
			continue
		}
		levels[parts[1]]++
		if parts[1] == "ERROR" {
			errorsByMsg[parts[2]] = append(errorsByMsg[parts[2]], parts[0])
		}
	}
	if err := sc.Err(); err != nil {
		fmt.Println("scan error:", err)
	}
	keys := make([]string, 0, len(levels))
	for k := range levels {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Printf("%-5s %d\n", k, levels[k])
	}
	fmt.Println(errorsByMsg["connection lost"])
	words := bufio.NewScanner(strings.NewReader("one two  three\nfour"))
	words.Split(bufio.ScanWords)
	n := 0
	for words.Scan() {
		n++
	}
	fmt.Println("words:", n)
	runes := bufio.NewScanner(strings.NewReader("héj"))
	runes.Split(bufio.ScanRunes)
	for runes.Scan() {
		fmt.Printf("%q ", runes.Text())
	}
	fmt.Println()
}
