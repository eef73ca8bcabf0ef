package main

import (
	"context"
	"errors"
	"fmt"
	"time"
)

type key string

func handler(ctx context.Context) string {
	user, _ := ctx.Value(key("user")).(string)
	if user == "" {
		return "anonymous"
	}
	return user
}

func main() {
	ctx := context.WithValue(context.Background(), key("user"), "ann")
	fmt.Println(handler(ctx), handler(context.Background()))
	ctx2, cancel := context.WithTimeout(context.Background(), 5*time.Millisecond)
	defer cancel()
	select {
	case <-ctx2.Done():
		fmt.Println(ctx2.Err(), errors.Is(ctx2.Err(), context.DeadlineExceeded))
	case <-time.After(time.Second):
		fmt.Println("too slow")
	}
	ctx3, cancel3 := context.WithCancelCause(context.Background())
	cancel3(errors.New("shutdown"))
	fmt.Println(ctx3.Err(), context.Cause(ctx3))
}
