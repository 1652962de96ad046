package cli

import "strings"

// minResumePrefix is the shortest session id prefix --resume accepts (the
// session package's lookup refuses shorter ones as ambiguous by nature).
const minResumePrefix = 8

// checkResume checks a --resume value before anything runs. Like Claude
// Code's parser (commander), -r takes the next argument as its value
// whenever that argument does not start with "-", so in
// `corvid -p -r "fix the bug please"` the words are the session id, not
// the prompt. A value that cannot be a session id is refused here, and the
// message says which rule took it; an id that is well formed but matches no
// session is reported when the sessions are looked up.
func checkResume(value string) error {
	switch {
	case !sessionIDChars(value):
		return usagef("Error: No conversation found with session ID: %s\n"+
			"-r/--resume took %q as its value: like Claude Code, it takes the next argument unless that "+
			"starts with \"-\". A session id is letters, digits and \"-\"; to give a prompt, put it before -r "+
			"(corvid -p \"prompt\" -r ID) or after the id.", value, value)
	case len(value) < minResumePrefix:
		return usagef("Error: session ID prefix %q is too short: give at least %d characters of the "+
			"session ID (list them with a bare -r)", value, minResumePrefix)
	}
	return nil
}

// sessionIDChars reports whether v is made only of the characters a
// session id may hold.
func sessionIDChars(v string) bool {
	return v != "" && strings.IndexFunc(v, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_')
	}) < 0
}
