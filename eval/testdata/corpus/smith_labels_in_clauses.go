// Labels in the bodies of switch and select clauses: forward gotos, labelled loops, and
// break out of a select that sits in a switch case.
package main

import (
	"fmt"
	"strings"
)

func classify(words []string) string {
	var b strings.Builder
	for _, w := range words {
		switch {
		case strings.HasPrefix(w, "#"):
			if len(w) == 1 {
				goto skip
			}
			b.WriteString("tag:" + w[1:] + " ")
		skip:
			b.WriteString("| ")
		default:
			b.WriteString(w + " ")
		}
	}
	return b.String()
}

func main() {
	fmt.Println(classify([]string{"a", "#go", "#", "b"}))
	jobs := make(chan int, 2)
	for round := range 3 {
		switch round % 2 {
		case 0:
			select {
			case jobs <- round:
				if len(jobs) == 1 {
					break
				}
				fmt.Println("queue grew to", len(jobs))
			default:
				fmt.Println("full")
			}
			fmt.Println("round", round, "queued", len(jobs))
		case 1:
		search:
			for i := range 3 {
				for j := range 3 {
					if i*j == 2 {
						fmt.Println("found", i, j)
						break search
					}
				}
			}
		}
	}
	select {
	case j := <-jobs:
		if j == 0 {
			goto first
		}
		fmt.Println("not first")
	first:
		fmt.Println("took", j)
	}
}
