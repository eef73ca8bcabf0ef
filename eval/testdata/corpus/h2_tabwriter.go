package main

import (
	"fmt"
	"os"
	"text/tabwriter"
)

type row struct {
	name  string
	qty   int
	price float64
}

func main() {
	w := tabwriter.NewWriter(os.Stdout, 0, 8, 2, ' ', 0)
	fmt.Fprintln(w, "NAME\tQTY\tPRICE\t")
	for _, r := range []row{{"apple", 3, 1.25}, {"watermelon", 12, 0.5}, {"fig", 100, 12.125}} {
		fmt.Fprintf(w, "%s\t%d\t%.2f\t\n", r.name, r.qty, r.price)
	}
	w.Flush()
	w2 := tabwriter.NewWriter(os.Stdout, 5, 0, 1, '.', tabwriter.AlignRight|tabwriter.Debug)
	fmt.Fprintln(w2, "a\tbbb\tc\t")
	fmt.Fprintln(w2, "aaaa\tb\tccccc\t")
	fmt.Fprintln(w2, "\t\tz\t")
	w2.Flush()
	w3 := tabwriter.NewWriter(os.Stdout, 0, 4, 1, '\t', tabwriter.TabIndent)
	fmt.Fprintf(w3, "x\ty\n\tindented\tcol\nlonger-name\tv\n")
	w3.Flush()
}
