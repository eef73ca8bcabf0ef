package main

import (
	"bufio"
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// commaSplit splits on commas, trimming spaces.
func commaSplit(data []byte, atEOF bool) (advance int, token []byte, err error) {
	if atEOF && len(data) == 0 {
		return 0, nil, nil
	}
	if i := bytes.IndexByte(data, ','); i >= 0 {
		return i + 1, bytes.TrimSpace(data[:i]), nil
	}
	if atEOF {
		return len(data), bytes.TrimSpace(data), nil
	}
	return 0, nil, nil
}

func main() {
	sc := bufio.NewScanner(strings.NewReader("1, 2,3 , 40,  x, 6"))
	sc.Split(commaSplit)
	sum := 0
	for sc.Scan() {
		n, err := strconv.Atoi(sc.Text())
		if err != nil {
			fmt.Println("bad:", err)
			continue
		}
		sum += n
	}
	fmt.Println("sum", sum, sc.Err())

	// Example from bufio docs: validate 32-bit ints
	const in = "1234 5678 1234567901234567890"
	scanner := bufio.NewScanner(strings.NewReader(in))
	split := func(data []byte, atEOF bool) (advance int, token []byte, err error) {
		advance, token, err = bufio.ScanWords(data, atEOF)
		if err == nil && token != nil {
			_, err = strconv.ParseInt(string(token), 10, 32)
		}
		return
	}
	scanner.Split(split)
	for scanner.Scan() {
		fmt.Printf("%s\n", scanner.Text())
	}
	if err := scanner.Err(); err != nil {
		fmt.Printf("Invalid input: %s\n", err)
	}

	// ScanLines with a small buffer
	long := strings.Repeat("x", 100)
	s2 := bufio.NewScanner(strings.NewReader("short\n" + long + "\nend"))
	s2.Buffer(make([]byte, 10), 50)
	for s2.Scan() {
		fmt.Println("line:", s2.Text())
	}
	fmt.Println("err:", s2.Err())

	// ErrFinalToken
	s3 := bufio.NewScanner(strings.NewReader("a,b,STOP,c,d"))
	s3.Split(func(data []byte, atEOF bool) (int, []byte, error) {
		i := bytes.IndexByte(data, ',')
		if i < 0 {
			if atEOF && len(data) > 0 {
				return len(data), data, nil
			}
			return 0, nil, nil
		}
		if string(data[:i]) == "STOP" {
			return i + 1, data[:i], bufio.ErrFinalToken
		}
		return i + 1, data[:i], nil
	})
	for s3.Scan() {
		fmt.Print(s3.Text(), " ")
	}
	fmt.Println(s3.Err())
}
