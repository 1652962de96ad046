package glob

import (
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"

	"corvid/internal/tool"
)

// errNoPattern: a Glob call without a pattern has no base to check.
var errNoPattern = errors.New("no pattern given")

// Glob reads the directory its pattern starts from; Read's deny and ask
// rules cover it.

func (Tool) Kind() tool.Kind         { return tool.KindRead }
func (Tool) SubjectField() string    { return "path" }
func (Tool) Rerunnable() bool        { return true }
func (Tool) RuleParams() []string    { return []string{"pattern"} }
func (Tool) RuleFamily() tool.Family { return tool.Family{Name: "Read", Cover: tool.CoverDenyAsk} }

// AccessPath is the directory the call searches: see Base.
func (Tool) AccessPath(in json.RawMessage, cwd string) (string, error) {
	pat := tool.InputString(in, "pattern")
	if pat == "" {
		return "", errNoPattern
	}
	dir := tool.InputString(in, "path")
	if dir == "" {
		dir = cwd
	}
	if b := Base(dir, pat); b != "" {
		return b, nil
	}
	return "", tool.ErrNoPath
}

// Base returns the directory a Glob call searches: its path (or the
// current directory) joined with the pattern's leading segments that
// hold no wildcard, so "../../etc/*" searches ../../etc. An absolute
// pattern is used as it is.
func Base(dir, pat string) string {
	if filepath.IsAbs(pat) {
		dir = ""
	}
	segs := strings.Split(pat, "/")
	static := []string{}
	for _, s := range segs[:len(segs)-1] {
		if hasMeta(s) {
			break
		}
		static = append(static, s)
	}
	if len(static) == len(segs)-1 && !hasMeta(segs[len(segs)-1]) {
		static = segs // no wildcard at all: the pattern names a path
	}
	if strings.Contains(strings.Join(segs[len(static):], "/"), "..") {
		return "/" // a wildcard part that climbs could reach anywhere
	}
	joined := strings.Join(static, "/")
	switch {
	case dir == "":
		if joined == "" {
			return "/"
		}
		return joined
	case joined == "":
		return dir
	}
	return dir + "/" + joined
}

// hasMeta reports whether a pattern segment holds an unescaped wildcard.
func hasMeta(seg string) bool {
	for i := 0; i < len(seg); i++ {
		switch seg[i] {
		case '\\':
			i++
		case '*', '?', '[', '{':
			return true
		}
	}
	return false
}

// ShellAlternative: Glob replaces find and ls.
func (Tool) ShellAlternative() string { return "find/ls" }

// Guidance: search rather than guess (Grep says the same; the prompt
// keeps one copy).
func (Tool) Guidance([]tool.Tool) []string {
	return []string{"- Search before assuming: locate definitions and usages with the search tools rather than guessing file names."}
}
