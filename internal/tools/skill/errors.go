package skill

import "errors"

// ErrLoaded is a skill called again in the turn that loaded it (a skill
// that invokes itself).
var ErrLoaded = errors.New("this skill is already loaded in this turn: follow the instructions that came with it instead of loading it again")
