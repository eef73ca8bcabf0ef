package main

import (
	"fmt"
	"regexp"
	"strings"
)

func main() {
	re := regexp.MustCompile(`(?P<user>\w+)@(?P<host>[\w.]+)`)
	text := "mail ann@example.com or bob@test.org now"
	for _, m := range re.FindAllStringSubmatch(text, -1) {
		fmt.Println(m[re.SubexpIndex("user")], m[re.SubexpIndex("host")])
	}
	fmt.Println(re.MatchString("nobody"), re.NumSubexp())
	out := re.ReplaceAllStringFunc(text, strings.ToUpper)
	fmt.Println(out)
	_, err := regexp.Compile(`a(b`)
	fmt.Println(err)
	fmt.Println(regexp.MustCompile(`\s+`).Split("a  b \t c", -1))
}
