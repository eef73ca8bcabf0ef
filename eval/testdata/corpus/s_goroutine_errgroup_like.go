package main

import (
	"errors"
	"fmt"
	"sync"
)

func fetch(id int) (string, error) {
	if id == 3 {
		return "", errors.New("fetch 3 failed")
	}
	return fmt.Sprintf("item%d", id), nil
}

func main() {
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		items = map[int]string{}
		errs  []error
	)
	for id := 1; id <= 5; id++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v, err := fetch(id)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				errs = append(errs, err)
				return
			}
			items[id] = v
		}()
	}
	wg.Wait()
	fmt.Println(len(items), items[1], items[5], errors.Join(errs...))
}
