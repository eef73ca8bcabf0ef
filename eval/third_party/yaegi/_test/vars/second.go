package vars

var (
	B = concat(" ", C, "!")
	D = "world"
)
