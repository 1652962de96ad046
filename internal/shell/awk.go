package shell

import "strings"

// awkCheck accepts an awk program that only reads its input files and
// prints to standard output: no system(), no getline (from a file or a
// command), no pipe to a command, no output redirection, no change of
// ARGV/ARGC (which names the files to read), no gawk @-directives or
// indirect calls. The program must be known before the command runs.
// The scan is conservative: what it cannot show to be safe is refused.
func awkCheck(c Command, a *Args) string {
	if len(a.Operands) == 0 || !a.Operands[0].Static() || c.MoreArgs {
		return "awk without a program known before it runs"
	}
	if why := awkUnsafe(a.Operands[0].Text); why != "" {
		return "awk program " + why
	}
	return ""
}

// awkBanned are the words that reach outside the program's input and
// standard output.
var awkBanned = map[string]bool{"system": true, "getline": true, "ARGV": true, "ARGC": true,
	"PROCINFO": true, "close": true, "fflush": true}

// awkKeywords are the words after which a '/' may start a regular
// expression or divide depending on the awk; the scan refuses the
// doubt.
var awkKeywords = map[string]bool{"BEGIN": true, "END": true, "function": true, "func": true, "if": true,
	"while": true, "for": true, "do": true, "else": true, "in": true, "print": true, "printf": true,
	"return": true, "delete": true, "exit": true, "next": true, "nextfile": true, "case": true, "default": true}

// awkUnsafe scans the program's tokens; it returns why the program may
// do more than print, or "". A '/' is a division after an operand (a
// name, a number, ')' or ']', a string) and a regular expression after
// an operator or punctuation; after a keyword or ++/-- the awks differ,
// and the scan refuses. Comments are refused too (a misread '/' could
// make one hide code).
func awkUnsafe(p string) string {
	var st awkScan
	for i := 0; i < len(p); i++ {
		end, why := st.step(p, i)
		if why != "" {
			return why
		}
		i = end
		if st.braces < 0 || st.parens < 0 {
			return "has unbalanced braces or parentheses"
		}
	}
	if st.braces != 0 || st.parens != 0 {
		return "has unbalanced braces or parentheses"
	}
	return ""
}

// awkScan is the state of the scan: nesting, and what the last token
// was (an operand, or a word or operator after which '/' is doubtful).
type awkScan struct {
	braces, parens int
	operand, doubt bool
}

// step reads the token at i and returns the index of its last byte.
func (st *awkScan) step(p string, i int) (int, string) {
	ch := p[i]
	operand, doubt := false, false
	switch {
	case ch == ' ' || ch == '\t':
		return i, ""
	case ch == '"':
		end, ok := awkString(p, i)
		if !ok {
			return i, "has an unterminated string"
		}
		i, operand = end, true
	case ch == '/' && st.doubt:
		return i, "has a '/' that awks read differently (division or regular expression)"
	case ch == '/' && !st.operand:
		end, ok := awkRegex(p, i)
		if !ok {
			return i, "has a regular expression it cannot read safely"
		}
		i, operand = end, true
	case isAwkWord(ch):
		j := i
		for j < len(p) && isAwkWord(p[j]) {
			j++
		}
		w := p[i:j]
		if awkBanned[w] {
			return i, "uses " + w
		}
		i, operand, doubt = j-1, !awkKeywords[w], awkKeywords[w]
	case ch == '#' || ch == '@' || ch == '`':
		return i, "uses " + string(ch)
	case ch == '|':
		if i+1 >= len(p) || p[i+1] != '|' {
			return i, "pipes to or from a command"
		}
		i++
	case (ch == '>' || ch == '<') && st.braces > 0 && st.parens == 0:
		return i, "has a redirection (or a comparison outside parentheses) in an action"
	case (ch == '+' || ch == '-') && i+1 < len(p) && p[i+1] == ch:
		i, doubt = i+1, true
	case ch == '{':
		st.braces++
	case ch == '}':
		st.braces--
	case ch == '(':
		st.parens++
	case ch == ')':
		st.parens--
		operand = true
	case ch == ']':
		operand = true
	}
	st.operand, st.doubt = operand, doubt
	return i, ""
}

// awkString returns the index of the closing quote of the string at i.
func awkString(p string, i int) (int, bool) {
	for j := i + 1; j < len(p); j++ {
		switch p[j] {
		case '\\':
			j++
		case '"':
			return j, true
		case '\n':
			return 0, false
		}
	}
	return 0, false
}

// awkRegex returns the index of the '/' closing the regular expression
// at i. A '/' inside a bracket expression is refused: awk versions read
// it differently.
func awkRegex(p string, i int) (int, bool) {
	bracket := false
	for j := i + 1; j < len(p); j++ {
		switch p[j] {
		case '\\':
			j++
		case '[':
			bracket = true
		case ']':
			bracket = false
		case '/':
			if bracket {
				return 0, false
			}
			return j, true
		case '\n':
			return 0, false
		}
	}
	return 0, false
}

func isAwkWord(c byte) bool {
	return c == '_' || c == '$' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		strings.IndexByte(".", c) >= 0
}
