package titi

import "guthib.com/bar"

func Quux() string {
	return quux.Quux()
}
