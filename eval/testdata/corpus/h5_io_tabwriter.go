package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"
)

type Row struct {
	Name string
	Qty  int
}

func main() {
	tw := tabwriter.NewWriter(os.Stdout, 0, 8, 1, ' ', 0)
	for _, r := range []Row{{"apple", 3}, {"kiwi", 12}} {
		fmt.Fprintf(tw, "%s\t%d\t\n", r.Name, r.Qty)
	}
	tw.Flush()
	sc := bufio.NewScanner(strings.NewReader("one two\nthree\n"))
	sc.Split(bufio.ScanWords)
	n := 0
	for sc.Scan() {
		n++
		fmt.Print(sc.Text(), ";")
	}
	fmt.Println(n)
	var buf bytes.Buffer
	w := bufio.NewWriter(&buf)
	fmt.Fprintf(w, "%d-%s", 7, "x")
	w.Flush()
	fmt.Println(buf.String(), buf.Len())
	data, _ := io.ReadAll(io.LimitReader(strings.NewReader("abcdefgh"), 3))
	fmt.Println(string(data))
	pr, pw := io.Pipe()
	go func() {
		fmt.Fprint(pw, "piped")
		pw.Close()
	}()
	all, _ := io.ReadAll(pr)
	fmt.Println(string(all))
	var sb strings.Builder
	io.Copy(&sb, io.TeeReader(strings.NewReader("tee"), &buf))
	fmt.Println(sb.String(), buf.String())
	for line := range bytes.Lines([]byte("l1\nl2")) {
		fmt.Printf("%q ", line)
	}
	fmt.Println()
}
