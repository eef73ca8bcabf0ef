package main

import "fmt"

func head4(s []byte) (out [4]byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("head4: %v", r)
		}
	}()
	return [4]byte(s), nil
}

func ptr2(s []int) (p *[2]int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("ptr2: %v", r)
		}
	}()
	return (*[2]int)(s), nil
}

func main() {
	a, err := head4([]byte("GOPHER"))
	fmt.Println(string(a[:]), err)
	_, err = head4([]byte("GO"))
	fmt.Println(err)
	nums := []int{1, 2, 3}
	p, err := ptr2(nums)
	p[0] = 100
	fmt.Println(nums, err)
	_, err = ptr2(nums[:1])
	fmt.Println(err)
	var empty []int
	p0 := (*[0]int)(empty)
	fmt.Println(p0 == nil)
	_, err = ptr2(nil)
	fmt.Println(err)
}
