module example.com/localmod

go 1.22
