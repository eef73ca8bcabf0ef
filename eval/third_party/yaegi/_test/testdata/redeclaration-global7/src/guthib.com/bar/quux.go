package quux

func Quux() string {
	return "bar"
}
