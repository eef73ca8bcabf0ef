package main

import "fmt"

type Model struct {
	ID      int
	Deleted bool
}

func (m *Model) SoftDelete() { m.Deleted = true }
func (m Model) Key() string  { return fmt.Sprintf("id:%d", m.ID) }

type Keyed interface {
	Key() string
	SoftDelete()
}

type User struct {
	Model
	Email string
}

type Product struct {
	Model
	SKU string
}

func (p Product) Key() string { return "sku:" + p.SKU }

type Store[T Keyed] struct {
	items map[string]T
	order []string
}

func (s *Store[T]) Put(v T) {
	if s.items == nil {
		s.items = map[string]T{}
	}
	s.items[v.Key()] = v
	s.order = append(s.order, v.Key())
}

func main() {
	var us Store[*User]
	us.Put(&User{Model{1, false}, "a@b"})
	us.Put(&User{Model{2, false}, "c@d"})
	us.items["id:1"].SoftDelete()
	for _, k := range us.order {
		fmt.Printf("%s %+v\n", k, *us.items[k])
	}
	var ps Store[*Product]
	ps.Put(&Product{Model{7, false}, "X-1"})
	p := ps.items["sku:X-1"]
	fmt.Println(ps.order, p.Key(), p.Model.Key(), p.ID)
}
