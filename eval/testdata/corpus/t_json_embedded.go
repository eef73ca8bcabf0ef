// encoding/json flattens embedded structs.
package main

import (
	"encoding/json"
	"fmt"
)

type Timestamps struct {
	Created string `json:"created"`
	Updated string `json:"updated,omitempty"`
}

type Article struct {
	Timestamps
	Title string   `json:"title"`
	Tags  []string `json:"tags"`
	draft bool
}

func main() {
	a := Article{Timestamps{Created: "2024-01-01"}, "Go", []string{"lang"}, true}
	b, err := json.Marshal(a)
	fmt.Println(string(b), err)
	var back Article
	err = json.Unmarshal([]byte(`{"created":"x","updated":"y","title":"T"}`), &back)
	fmt.Printf("%+v %v\n", back, err)
}
