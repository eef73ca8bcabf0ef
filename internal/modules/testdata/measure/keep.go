package mm

import _ "github.com/dustin/go-humanize"
