package main

import (
	"fmt"
)

type Button struct {
	Label   string
	OnClick func() string
}

func main() {
	count := 0
	buttons := []Button{}
	for _, label := range []string{"ok", "cancel"} {
		buttons = append(buttons, Button{label, func() string {
			count++
			return label + " clicked"
		}})
	}
	for _, b := range buttons {
		fmt.Println(b.Label, "->", b.OnClick())
	}
	fmt.Println(buttons[0].OnClick(), count)
}
