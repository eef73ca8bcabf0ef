package main

import "fmt"

type UserID int
type OrderID int
type SKU string

type cacheKey struct {
	Kind string
	ID   any
}

func main() {
	cache := map[any]string{}
	put := func(k any, v string) {
		if old, ok := cache[k]; ok {
			fmt.Printf("overwrite %v (%T): %s -> %s\n", k, k, old, v)
		}
		cache[k] = v
	}
	put(UserID(7), "user seven")
	put(OrderID(7), "order seven")
	put(7, "plain seven")
	put(SKU("7"), "sku seven")
	put("7", "string seven")
	put(cacheKey{"user", UserID(7)}, "struct user")
	put(cacheKey{"user", 7}, "struct plain")
	put(UserID(7), "user seven again")
	fmt.Println("entries:", len(cache))
	for _, k := range []any{UserID(7), OrderID(7), 7, SKU("7"), "7", cacheKey{"user", UserID(7)}, cacheKey{"user", 7}} {
		fmt.Printf("%-8T %v\n", k, cache[k])
	}
	seen := map[any]bool{}
	dups := 0
	for _, v := range []any{UserID(1), 1, UserID(1), int64(1), OrderID(1), 1} {
		if seen[v] {
			dups++
		}
		seen[v] = true
	}
	fmt.Println("distinct:", len(seen), "dups:", dups)
}
