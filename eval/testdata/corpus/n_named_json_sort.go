// JSON with named string and int types, sorted by a named key type.
package main

import (
	"encoding/json"
	"fmt"
	"sort"
)

type Status string
type Priority int
type Tag string

const (
	Open   Status = "open"
	Closed Status = "closed"
)

type Ticket struct {
	ID       int      `json:"id"`
	Status   Status   `json:"status"`
	Priority Priority `json:"priority"`
	Tags     []Tag    `json:"tags"`
}

func main() {
	in := `[{"id":1,"status":"open","priority":2,"tags":["ui","bug"]},
	        {"id":2,"status":"closed","priority":1,"tags":["api"]},
	        {"id":3,"status":"open","priority":3,"tags":[]}]`
	var ts []Ticket
	if err := json.Unmarshal([]byte(in), &ts); err != nil {
		fmt.Println("error:", err)
		return
	}
	byStatus := map[Status][]int{}
	for _, t := range ts {
		byStatus[t.Status] = append(byStatus[t.Status], t.ID)
	}
	out, _ := json.Marshal(byStatus)
	fmt.Println(string(out))

	sort.Slice(ts, func(i, j int) bool { return ts[i].Priority > ts[j].Priority })
	for _, t := range ts {
		fmt.Printf("%d %s p%d %v open=%v\n", t.ID, t.Status, t.Priority, t.Tags, t.Status == Open)
	}
	counts := map[Tag]Priority{}
	for _, t := range ts {
		for _, tag := range t.Tags {
			counts[tag] += t.Priority
		}
	}
	tags := make([]Tag, 0, len(counts))
	for t := range counts {
		tags = append(tags, t)
	}
	sort.Slice(tags, func(i, j int) bool { return tags[i] < tags[j] })
	fmt.Println(tags, counts)
	b, _ := json.MarshalIndent(map[string]any{"s": Closed, "p": Priority(5), "t": []Tag{"x"}}, "", " ")
	fmt.Println(string(b))
	var p Priority
	err := json.Unmarshal([]byte(`7`), &p)
	fmt.Println(p, err, p > 5)
}
