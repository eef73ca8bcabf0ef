package main

import (
	"encoding/json"
	"fmt"
)

type Meta struct {
	ID      int    `json:"id"`
	Version string `json:"version"`
}

type Owner struct {
	Login string `json:"login"`
}

type Repo struct {
	Meta
	*Owner
	Name    string `json:"name"`
	Private bool   `json:"private"`
	Stats   struct {
		Stars int `json:"stars"`
	} `json:"stats"`
}

type Tagged struct {
	Meta `json:"meta"`
	Note string
}

func main() {
	r := Repo{Meta: Meta{7, "v1"}, Owner: &Owner{"gopher"}, Name: "tools"}
	r.Stats.Stars = 42
	b, _ := json.Marshal(r)
	fmt.Println(string(b))
	b, _ = json.Marshal(Repo{Name: "bare"})
	fmt.Println(string(b))
	b, _ = json.Marshal(Tagged{Meta{1, "x"}, "n"})
	fmt.Println(string(b))
	var back Repo
	err := json.Unmarshal([]byte(`{"id":9,"version":"v2","login":"ann","name":"lib","stats":{"stars":3}}`), &back)
	fmt.Println(err, back.ID, back.Version, back.Login, back.Name, back.Stats.Stars)
	b, _ = json.MarshalIndent(Tagged{Note: "indented"}, "", "  ")
	fmt.Println(string(b))
}
