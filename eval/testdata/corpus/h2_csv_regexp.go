package main

import (
	"encoding/csv"
	"fmt"
	"os"
	"regexp"
	"strings"
)

func main() {
	in := "name,age,city\n\"Smith, J\",42,\"New\nYork\"\nDoe,7,\"say \"\"hi\"\"\"\n"
	r := csv.NewReader(strings.NewReader(in))
	recs, err := r.ReadAll()
	fmt.Println(len(recs), err)
	for _, rec := range recs {
		fmt.Printf("%q\n", rec)
	}
	bad := csv.NewReader(strings.NewReader("a,b\nc\n"))
	_, err = bad.ReadAll()
	fmt.Println(err)
	w := csv.NewWriter(os.Stdout)
	w.Write([]string{"x,y", "plain", "q\"uote", ""})
	w.Comma = ';'
	w.Write([]string{"a;b", "c"})
	w.Flush()
	fmt.Println(w.Error())
	re := regexp.MustCompile(`(?P<key>\w+)=(?P<val>"[^"]*"|\S+)`)
	s := `name="J Doe" age=42 city=NYC empty=""`
	for _, m := range re.FindAllStringSubmatch(s, -1) {
		fmt.Printf("%s -> %s\n", m[re.SubexpIndex("key")], m[2])
	}
	fmt.Println(re.ReplaceAllString(s, "${val}:$key"))
	dates := regexp.MustCompile(`(\d{4})-(\d{2})-(\d{2})`)
	fmt.Println(dates.ReplaceAllString("on 2024-03-15 and 1999-12-31", "$3/$2/$1"))
	fmt.Println(dates.FindStringIndex("x 2024-01-01"), dates.MatchString("nope"), dates.NumSubexp())
	fmt.Println(regexp.MustCompile(`a+`).Split("baaac aad", -1), regexp.QuoteMeta("a.b*c"))
	_, err = regexp.Compile(`(unclosed`)
	fmt.Println(err)
	fmt.Println(regexp.MustCompile(`(?i)go+`).FindAllString("Go gooo GOO g", -1))
	fmt.Println(regexp.MustCompile(`\b\w`).ReplaceAllStringFunc("hello big world", strings.ToUpper))
}
