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
	"ENVIRON": false, "PROCINFO": true, "close": true, "fflush": true}

// awkUnsafe scans the program's tokens; it returns why the program may
// do more than print, or "".
func awkUnsafe(p string) string {
	braces, parens := 0, 0
	operand := false // the last token ends an operand: a '/' after it divides
	for i := 0; i < len(p); i++ {
		ch := p[i]
		switch {
		case ch == '"':
			end, ok := awkString(p, i)
			if !ok {
				return "has an unterminated string"
			}
			i, operand = end, true
		case ch == '/' && !operand:
			end, ok := awkRegex(p, i)
			if !ok {
				return "has a regular expression it cannot read safely"
			}
			i, operand = end, true
		case ch == '#':
			for i < len(p) && p[i] != '\n' {
				i++
			}
		case isAwkWord(ch):
			j := i
			for j < len(p) && isAwkWord(p[j]) {
				j++
			}
			if awkBanned[p[i:j]] {
				return "uses " + p[i:j]
			}
			i, operand = j-1, true
		case ch == '@' || ch == '`':
			return "uses " + string(ch)
		case ch == '|':
			if i+1 < len(p) && p[i+1] == '|' {
				i++
				operand = false
				continue
			}
			return "pipes to or from a command"
		case (ch == '>' || ch == '<') && braces > 0 && parens == 0:
			return "has a redirection (or a comparison outside parentheses) in an action"
		case ch == '{':
			braces++
			operand = false
		case ch == '}':
			braces--
			operand = false
		case ch == '(':
			parens++
			operand = false
		case ch == ')':
			parens--
			operand = true
		case ch == ']':
			operand = true
		case ch == ' ' || ch == '\t':
		default:
			operand = false
		}
		if braces < 0 || parens < 0 {
			return "has unbalanced braces or parentheses"
		}
	}
	if braces != 0 || parens != 0 {
		return "has unbalanced braces or parentheses"
	}
	return ""
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
