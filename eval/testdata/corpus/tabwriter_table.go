// Aligned tables with text/tabwriter and fmt padding.
package main

import (
	"fmt"
	"os"
	"text/tabwriter"
)

func main() {
	w := tabwriter.NewWriter(os.Stdout, 0, 8, 1, ' ', 0)
	fmt.Fprintln(w, "name\tqty\tprice")
	fmt.Fprintln(w, "apple\t3\t0.50")
	fmt.Fprintln(w, "watermelon\t1\t3.25")
	w.Flush()
	for _, row := range []struct {
		n string
		v float64
	}{{"a", 1.5}, {"bbb", 22.25}} {
		fmt.Printf("|%-5s|%7.2f|\n", row.n, row.v)
	}
}
