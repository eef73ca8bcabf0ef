module mm

go 1.26.8

require (
	github.com/dustin/go-humanize v1.1.0
	github.com/traefik/yaegi v0.16.1
	gonum.org/v1/gonum v0.16.0
)
