package grep

import (
	"errors"
	"fmt"
	"regexp"
	"regexp/syntax"
	"strings"
)

// compile builds the Go regexp and rejects what rg would reject.
func (q *query) compile() error {
	tree, err := syntax.Parse(q.pattern, syntax.Perl)
	if err != nil {
		return fmt.Errorf("Invalid regular expression: %s", strings.TrimPrefix(err.Error(), "error parsing regexp: "))
	}
	if !q.multiline && hasNewline(tree) {
		return errNewline
	}
	flags := "m"
	if q.ignoreCase {
		flags += "i"
	}
	if q.multiline {
		flags += "s"
	}
	re, err := regexp.Compile("(?" + flags + ")" + q.pattern)
	if err != nil {
		return fmt.Errorf("Invalid regular expression: %s", strings.TrimPrefix(err.Error(), "error parsing regexp: "))
	}
	q.re, q.lineOnly = re, hasTextAnchor(tree)
	// Like rg, search line by line when no match can span lines anyway.
	q.multiline = q.multiline && canMatchNewline(re)
	return nil
}

// canMatchNewline reports whether some match of re may contain a line
// break.
func canMatchNewline(re *regexp.Regexp) bool {
	tree, err := syntax.Parse(re.String(), syntax.Perl)
	return err == nil && matchesNewline(tree)
}

func matchesNewline(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpAnyChar:
		return true
	case syntax.OpLiteral:
		return strings.ContainsRune(string(re.Rune), '\n')
	case syntax.OpCharClass:
		for i := 0; i+1 < len(re.Rune); i += 2 {
			if re.Rune[i] <= '\n' && '\n' <= re.Rune[i+1] {
				return true
			}
		}
	}
	for _, sub := range re.Sub {
		if matchesNewline(sub) {
			return true
		}
	}
	return false
}

var errNewline = errors.New("The pattern contains a line break (\\n), but lines are searched one at a time, so it can never match. Set multiline: true to match across lines.")

func hasNewline(re *syntax.Regexp) bool {
	if re.Op == syntax.OpLiteral && strings.ContainsRune(string(re.Rune), '\n') {
		return true
	}
	for _, sub := range re.Sub {
		if hasNewline(sub) {
			return true
		}
	}
	return false
}

func hasTextAnchor(re *syntax.Regexp) bool {
	if re.Op == syntax.OpBeginText || re.Op == syntax.OpEndText {
		return true
	}
	for _, sub := range re.Sub {
		if hasTextAnchor(sub) {
			return true
		}
	}
	return false
}
