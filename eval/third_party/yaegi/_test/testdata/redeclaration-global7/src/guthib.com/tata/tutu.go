package tutu

import "guthib.com/baz"

func Quux() string {
	return quux.Quux()
}
