package quux

func Quux() string {
	return "baz"
}
