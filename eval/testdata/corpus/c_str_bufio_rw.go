package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
)

type csvRow []string

func readRecords(r io.Reader) ([]csvRow, error) {
	br := bufio.NewReader(r)
	var rows []csvRow
	for {
		line, err := br.ReadString('\n')
		line = strings.TrimRight(line, "\r\n")
		if line != "" {
			rows = append(rows, strings.Split(line, ";"))
		}
		if err == io.EOF {
			return rows, nil
		}
		if err != nil {
			return rows, err
		}
	}
}

func main() {
	rows, err := readRecords(strings.NewReader("name;qty\r\nbolt;10\nnut;250\n\nwasher;7"))
	fmt.Println(len(rows), err)
	w := bufio.NewWriterSize(os.Stdout, 16)
	for _, r := range rows {
		fmt.Fprintf(w, "%-8s|%5s\n", r[0], r[1])
	}
	fmt.Println("buffered:", w.Buffered() > 0)
	w.Flush()
	br := bufio.NewReader(strings.NewReader("peek-a-boo"))
	p, _ := br.Peek(4)
	fmt.Printf("%s ", p)
	r, size, _ := br.ReadRune()
	fmt.Println(string(r), size)
	br.UnreadRune()
	rest, _ := io.ReadAll(br)
	fmt.Println(string(rest))
	rw := bufio.NewReadWriter(bufio.NewReader(strings.NewReader("x y\n")), bufio.NewWriter(os.Stdout))
	l, prefix, err := rw.ReadLine()
	rw.WriteString("line=" + string(l) + fmt.Sprint(" ", prefix, " ", err) + "\n")
	rw.Flush()
}
