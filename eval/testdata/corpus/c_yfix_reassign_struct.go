// A settings struct replaced wholesale while closures and pointers still refer to it.
package main

import "fmt"

type Settings struct {
	Theme    string
	FontSize int
}

type Editor struct {
	settings *Settings
}

func (e Editor) Describe() string {
	return fmt.Sprintf("%s/%d", e.settings.Theme, e.settings.FontSize)
}

func main() {
	current := Settings{"light", 12}
	ed := Editor{&current}
	show := func() string { return fmt.Sprint(current) }
	var history []string
	record := func() { history = append(history, ed.Describe()+" "+show()) }
	record()
	current = Settings{"dark", 14}
	record()
	current.FontSize++
	record()
	current = Settings{Theme: "solarized"}
	record()
	for _, h := range history {
		fmt.Println(h)
	}
	type point struct{ X, Y int }
	var pts []*point
	for i := 0; i < 3; i++ {
		p := point{i, i * i}
		pts = append(pts, &p)
	}
	origin := point{}
	po := &origin
	origin = point{-1, -1}
	fmt.Println(*pts[0], *pts[1], *pts[2], *po)
}
