package main

import (
	"fmt"
	"os"
	"text/tabwriter"
)

type item struct {
	name  string
	qty   int
	price float64
}

func main() {
	items := []item{{"apple", 3, 0.5}, {"watermelon", 1, 3.25}, {"fig", 12, 0.2}}
	w := tabwriter.NewWriter(os.Stdout, 0, 8, 2, ' ', 0)
	fmt.Fprintln(w, "NAME\tQTY\tPRICE\tTOTAL")
	var sum float64
	for _, it := range items {
		t := float64(it.qty) * it.price
		sum += t
		fmt.Fprintf(w, "%s\t%d\t%.2f\t%.2f\n", it.name, it.qty, it.price, t)
	}
	fmt.Fprintf(w, "\t\t\t%.2f\n", sum)
	w.Flush()
	w2 := tabwriter.NewWriter(os.Stdout, 5, 0, 1, '.', tabwriter.AlignRight|tabwriter.Debug)
	fmt.Fprintln(w2, "a\tbbb\tc\t")
	fmt.Fprintln(w2, "aaaa\tb\tccccc\t")
	w2.Flush()
}
