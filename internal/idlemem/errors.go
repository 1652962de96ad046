package idlemem

import "errors"

// ErrNoMappings is returned when the executable's read-only mappings
// could not be found in the process's memory map (nothing was released).
var ErrNoMappings = errors.New("idlemem: no read-only mapping of the executable found")
