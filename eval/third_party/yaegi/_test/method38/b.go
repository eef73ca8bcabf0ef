package method38

func (p Pool) Get() *Buffer { return &Buffer{} }
