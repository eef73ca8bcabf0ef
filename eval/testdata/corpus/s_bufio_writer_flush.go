package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

func main() {
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	for i := range 3 {
		fmt.Fprintf(w, "row %d\n", i)
	}
	fmt.Fprintln(w, "buffered:", w.Buffered() > 0)
	var sb strings.Builder
	bw := bufio.NewWriterSize(&sb, 16)
	bw.WriteString("hello ")
	bw.WriteString("world")
	fmt.Fprintln(w, "before flush:", sb.Len())
	bw.Flush()
	fmt.Fprintln(w, "after flush:", sb.String())
}
