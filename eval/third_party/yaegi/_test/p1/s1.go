package p1

import "crypto/rand"

var Prime = rand.Prime
