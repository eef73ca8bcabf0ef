package main

import (
	"encoding/xml"
	"fmt"
	"math/rand"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

type Plant struct {
	XMLName xml.Name `xml:"plant"`
	Id      int      `xml:"id,attr"`
	Name    string   `xml:"name"`
	Origin  []string `xml:"origin"`
}

func (p Plant) String() string {
	return fmt.Sprintf("Plant id=%v, name=%v, origin=%v",
		p.Id, p.Name, p.Origin)
}

func main() {
	coffee := &Plant{Id: 27, Name: "Coffee"}
	coffee.Origin = []string{"Ethiopia", "Brazil"}
	out, _ := xml.MarshalIndent(coffee, " ", "  ")
	fmt.Println(string(out))
	fmt.Println(xml.Header + string(out))
	var p Plant
	if err := xml.Unmarshal(out, &p); err != nil {
		panic(err)
	}
	fmt.Println(p)
	tomato := &Plant{Id: 81, Name: "Tomato"}
	tomato.Origin = []string{"Mexico", "California"}
	type Nesting struct {
		XMLName xml.Name `xml:"nesting"`
		Plants  []*Plant `xml:"parent>child>plant"`
	}
	nesting := &Nesting{}
	nesting.Plants = []*Plant{coffee, tomato}
	out, _ = xml.MarshalIndent(nesting, " ", "  ")
	fmt.Println(string(out))

	s := "postgres://user:pass@host.com:5432/path?k=v#f"
	u, err := url.Parse(s)
	if err != nil {
		panic(err)
	}
	fmt.Println(u.Scheme, u.User, u.User.Username())
	pw, _ := u.User.Password()
	fmt.Println(pw, u.Host)
	host, port, _ := net.SplitHostPort(u.Host)
	fmt.Println(host, port, u.Path, u.Fragment, u.RawQuery)
	m, _ := url.ParseQuery(u.RawQuery)
	fmt.Println(m, m["k"][0])
	q := url.Values{}
	q.Set("name", "Ava Smith")
	q.Add("tag", "a&b")
	fmt.Println(q.Encode(), url.QueryEscape("a b/c"), url.PathEscape("a b/c"))
	_, err = url.Parse("http://[::1]:namedport")
	fmt.Println(err)

	p1 := filepath.Join("dir1", "dir2", "filename")
	fmt.Println("p:", p1, filepath.Join("dir1//", "filename"), filepath.Join("dir1/../dir1", "filename"))
	fmt.Println("Dir(p):", filepath.Dir(p1), "Base(p):", filepath.Base(p1))
	fmt.Println(filepath.IsAbs("dir/file"), filepath.IsAbs("/dir/file"))
	filename := "config.json"
	ext := filepath.Ext(filename)
	fmt.Println(ext, strings.TrimSuffix(filename, ext))
	rel, err := filepath.Rel("a/b", "a/b/t/file")
	fmt.Println(rel, err)
	rel, err = filepath.Rel("a/b", "a/c/t/file")
	fmt.Println(rel, err)
	matched, _ := filepath.Match("*.go", "main.go")
	fmt.Println(matched, filepath.Clean("/a/./b/../c/"), strings.Join(filepath.SplitList("/a:/b"), ","))

	r := rand.New(rand.NewSource(42))
	fmt.Println(r.Intn(100), r.Intn(100), r.Float64() < 1, r.Perm(5))
	r2 := rand.New(rand.NewSource(42))
	fmt.Println(r2.Intn(100))
	xs := []int{1, 2, 3, 4, 5}
	r.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
	slices.Sort(xs)
	fmt.Println(xs)

	os.Setenv("FOO", "1")
	fmt.Println("FOO:", os.Getenv("FOO"))
	fmt.Println("BAR:", os.Getenv("BAR_H4_UNSET"))
	v, ok := os.LookupEnv("BAR_H4_UNSET")
	fmt.Printf("%q %v\n", v, ok)
	_, err = os.ReadFile("/nonexistent/h4file.txt")
	fmt.Println(err)
	_, err = os.Open("")
	fmt.Println(err, os.IsNotExist(err))
	fmt.Println(len(os.Args) > 0)
}
