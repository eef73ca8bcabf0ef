package main

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"strings"
	"text/tabwriter"
	"unicode"
)

const input = `alice  42  engineer
bob 7 designer
  carol 1234 manager
dave    99 intern`

func main() {
	r := strings.NewReplacer("<", "&lt;", ">", "&gt;", "&", "&amp;")
	fmt.Println(r.Replace("a < b && c > d"))

	re := regexp.MustCompile(`(\w+)@(\w+)\.com`)
	s := "mail bob@example.com and ann@test.com now"
	for _, m := range re.FindAllStringSubmatch(s, -1) {
		fmt.Printf("user=%s host=%s\n", m[1], m[2])
	}
	fmt.Println(re.ReplaceAllString(s, "$2:$1"))
	fmt.Println(re.ReplaceAllStringFunc(s, strings.ToUpper))
	idx := re.FindAllStringSubmatchIndex(s, -1)
	fmt.Println(idx)
	named := regexp.MustCompile(`(?P<year>\d{4})-(?P<month>\d{2})`)
	m := named.FindStringSubmatch("due 2024-03 ok")
	for i, n := range named.SubexpNames() {
		if n != "" {
			fmt.Printf("%s=%s ", n, m[i])
		}
	}
	fmt.Println(named.SubexpIndex("month"))

	w := tabwriter.NewWriter(os.Stdout, 0, 8, 2, ' ', tabwriter.AlignRight|tabwriter.Debug)
	sc := bufio.NewScanner(strings.NewReader(input))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		fmt.Fprintf(w, "%s\t%s\t%s\t\n", f[0], f[1], f[2])
	}
	w.Flush()

	ws := bufio.NewScanner(strings.NewReader("Hello, wörld!  Go is fun."))
	ws.Split(bufio.ScanWords)
	n := 0
	for ws.Scan() {
		n++
		fmt.Printf("%d:%q ", n, ws.Text())
	}
	fmt.Println()
	rs := bufio.NewScanner(strings.NewReader("héllo"))
	rs.Split(bufio.ScanRunes)
	for rs.Scan() {
		fmt.Print(rs.Text(), "|")
	}
	fmt.Println()
	fmt.Println(strings.Map(func(r rune) rune {
		if unicode.IsPunct(r) {
			return -1
		}
		return unicode.ToUpper(r)
	}, "it's, a-test!"))
	fmt.Println(strings.Title("x"), strings.EqualFold("Straße", "STRASSE"), strings.EqualFold("Go", "GO"))
}
