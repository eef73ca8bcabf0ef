// Regular expressions.
package main

import (
	"fmt"
	"regexp"
)

func main() {
	re := regexp.MustCompile(`(\w+)@(\w+)\.com`)
	s := "mail ann@example.com or bob@test.com"
	fmt.Println(re.MatchString(s))
	fmt.Println(re.FindAllString(s, -1))
	fmt.Println(re.FindStringSubmatch(s))
	fmt.Println(re.ReplaceAllString(s, "$2:$1"))
	digits := regexp.MustCompile(`\d+`)
	fmt.Printf("%q\n", digits.Split("a1b22c333d", -1))
	_, err := regexp.Compile(`(`)
	fmt.Println(err)
}
