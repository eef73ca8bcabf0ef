module example.com/notebook

go 1.22

require example.com/localmod v0.0.0-00010101000000-000000000000

replace example.com/localmod => ../localmod
