package main

import (
	"fmt"
	"os"
	"text/tabwriter"
)

func main() {
	w := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "NAME\tQTY\tPRICE")
	fmt.Fprintln(w, "apple\t3\t1.25")
	fmt.Fprintln(w, "watermelon\t1\t4.00")
	w.Flush()
	r := tabwriter.NewWriter(os.Stdout, 6, 0, 1, '.', tabwriter.AlignRight)
	fmt.Fprintln(r, "a\tbb\tccc\t")
	r.Flush()
}
