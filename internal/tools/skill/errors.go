package skill

import "errors"

// ErrLoaded is a skill called again in the turn that loaded it (a skill
// that invokes itself).
var ErrLoaded = errors.New("this skill is already loaded in this turn: follow the instructions that came with it instead of loading it again")

// ErrTooMany is a turn that loaded as many skills as it may.
var ErrTooMany = errors.New("too many skills loaded in this turn")
