package workspace

// Scope says where an instruction file comes from.
type Scope int

// The scopes, in the order their files are loaded.
const (
	ScopeManaged Scope = iota // set by an administrator for the whole machine
	ScopeUser                 // the user's own, for every project
	ScopeProject              // checked into the codebase, cwd and its ancestors
	ScopeLocal                // the user's private file for one project directory
	ScopeNested               // a subdirectory below cwd, found on demand
)

// String is the scope's short name: "managed", "user", "project", "local"
// or "nested".
func (s Scope) String() string {
	switch s {
	case ScopeManaged:
		return "managed"
	case ScopeUser:
		return "user"
	case ScopeProject:
		return "project"
	case ScopeLocal:
		return "local"
	case ScopeNested:
		return "nested"
	}
	return "unknown"
}

// Label is the short description shown next to a file's path when the
// files are rendered for the model.
func (s Scope) Label() string {
	switch s {
	case ScopeManaged:
		return "policy instructions set by the organization"
	case ScopeUser:
		return "the user's personal instructions for every project"
	case ScopeProject:
		return "project instructions kept in the repository"
	case ScopeLocal:
		return "the user's private instructions for this project, not in the repository"
	case ScopeNested:
		return "instructions for a subdirectory of the project"
	}
	return "instructions"
}
