package main

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

type Matrix [][]float64

func NewMatrix(r, c int) Matrix {
	m := make(Matrix, r)
	for i := range m {
		m[i] = make([]float64, c)
	}
	return m
}

func (m Matrix) Mul(o Matrix) Matrix {
	res := NewMatrix(len(m), len(o[0]))
	for i := range m {
		for j := range o[0] {
			for k := range o {
				res[i][j] += m[i][k] * o[k][j]
			}
		}
	}
	return res
}

func (m Matrix) String() string {
	var sb strings.Builder
	for _, row := range m {
		for j, v := range row {
			if j > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteString(strconv.FormatFloat(v, 'g', -1, 64))
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

func wordFreq(s string) map[string]int {
	f := map[string]int{}
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) }) {
		f[w]++
	}
	return f
}

func main() {
	a := Matrix{{1, 2}, {3, 4}}
	id := Matrix{{1, 0}, {0, 1}}
	fmt.Print(a.Mul(id))
	fmt.Print(a.Mul(a))
	fmt.Println(a)
	fmt.Println(wordFreq("The cat, the hat; THE end."))
	r := strings.NewReplacer("a", "4", "e", "3")
	fmt.Println(r.Replace("leet speak"))
	fmt.Println(strings.Title("x"), strings.EqualFold("Go", "GO"), strings.Repeat("ab", 3))
	n, err := strconv.ParseInt("ff", 16, 64)
	fmt.Println(n, err)
	_, err = strconv.ParseInt("999999999999999999999", 10, 64)
	fmt.Println(err)
	_, err = strconv.Atoi("")
	fmt.Println(err)
	f, _ := strconv.ParseFloat("1e-3", 64)
	fmt.Println(f, strconv.Quote("hi\n\"x\""), strconv.FormatInt(-255, 2))
	before, after, found := strings.Cut("key=value=x", "=")
	fmt.Println(before, after, found)
	s, ok := strings.CutPrefix("prefix-body", "prefix-")
	fmt.Println(s, ok, strings.ContainsFunc("abc1", unicode.IsDigit))
}
