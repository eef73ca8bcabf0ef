package main

import (
	"context"
	"errors"
	"fmt"
	"sync"
)

type Group struct {
	wg      sync.WaitGroup
	errOnce sync.Once
	err     error
	cancel  context.CancelFunc
}

func WithContext(ctx context.Context) (*Group, context.Context) {
	ctx, cancel := context.WithCancel(ctx)
	return &Group{cancel: cancel}, ctx
}

func (g *Group) Go(f func() error) {
	g.wg.Add(1)
	go func() {
		defer g.wg.Done()
		if err := f(); err != nil {
			g.errOnce.Do(func() {
				g.err = err
				g.cancel()
			})
		}
	}()
}

func (g *Group) Wait() error {
	g.wg.Wait()
	g.cancel()
	return g.err
}

var ErrBadURL = errors.New("bad url")

func fetch(ctx context.Context, url string, gate <-chan struct{}) error {
	if url == "" {
		return fmt.Errorf("fetch: %w", ErrBadURL)
	}
	<-gate
	select {
	case <-ctx.Done():
		return ctx.Err()
	default:
		return nil
	}
}

func main() {
	g, ctx := WithContext(context.Background())
	gate := make(chan struct{})
	for _, u := range []string{"a.io", "", "b.io"} {
		g.Go(func() error { return fetch(ctx, u, gate) })
	}
	<-ctx.Done()
	close(gate)
	err := g.Wait()
	fmt.Println(err, errors.Is(err, ErrBadURL))
	g2, ctx2 := WithContext(context.Background())
	open := make(chan struct{})
	close(open)
	results := make([]int, 3)
	for i := range 3 {
		g2.Go(func() error { results[i] = i * 2; return fetch(ctx2, "ok", open) })
	}
	fmt.Println(g2.Wait(), results)
}
