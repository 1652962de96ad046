package hook

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"time"
)

// Events corvid fires.
const (
	PreToolUse       = "PreToolUse"
	PostToolUse      = "PostToolUse"
	UserPromptSubmit = "UserPromptSubmit"
	Stop             = "Stop"
)

// DefaultTimeout bounds one callback when its matcher names none.
const DefaultTimeout = 60 * time.Second

// Matcher is one registered entry of an event: the tool names it applies
// to and the callbacks to run.
type Matcher struct {
	// Pattern is the matcher as written: "", "*", "Bash", "Edit|Write" or
	// a regular expression.
	Pattern   string
	Callbacks []string
	Timeout   time.Duration
}

// Runner runs one registered callback with its input and returns the
// hook's JSON output.
type Runner interface {
	RunHook(ctx context.Context, callbackID, toolUseID string, input json.RawMessage) (json.RawMessage, error)
}

// nameList is a matcher made of names only (Edit|Write, "Edit, Write").
var nameList = regexp.MustCompile(`^[A-Za-z0-9_ ,|-]*$`)

// matches reports whether pattern selects name, as Claude Code reads
// matchers: empty or "*" matches all, a list of names matches exactly,
// anything else is an unanchored regular expression (an invalid one
// matches nothing; Decode reports it in a settings file).
func matches(pattern, name string) bool {
	p := strings.TrimSpace(pattern)
	if p == "" || p == "*" {
		return true
	}
	if nameList.MatchString(p) {
		for _, n := range strings.FieldsFunc(p, func(r rune) bool { return r == '|' || r == ',' }) {
			if strings.TrimSpace(n) == name {
				return true
			}
		}
		return false
	}
	re, err := regexp.Compile(p)
	return err == nil && re.MatchString(name)
}
