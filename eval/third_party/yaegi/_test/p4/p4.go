package p4

var Value1 = "value1"
