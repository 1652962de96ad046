package shell

import (
	"cmp"
	"errors"
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// ErrAmbiguous is returned by Parse for a command that Bash may read
// differently from the parser (found by the differential harness in
// bashdiff_test.go). Such a command is never read-only, and the
// permission engine asks about it.
var ErrAmbiguous = errors.New("the shell may read this command differently from the analysis")

// ambiguous reports the constructs where mvdan/sh and Bash disagree:
//   - a carriage return (a blank to the parser, part of a word to Bash)
//     or a NUL byte;
//   - a backslash-newline after a here-document operator (Bash joins
//     the lines before it looks for the terminator, so `EO\⏎F` ends the
//     document for Bash and not for the parser);
//   - a backslash-newline in a comment (it ends the comment for Bash,
//     the parser continues the comment or the command on the next line);
//   - `<&-word` or `>&-word`: Bash closes the descriptor and runs word,
//     the parser takes "-word" as the target;
//   - a prefix assignment to a name that is not an identifier (`0=[`),
//     which Bash runs as a program;
//   - a here-document inside a command substitution.
func ambiguous(f *syntax.File, src string) error {
	if i := strings.IndexAny(src, "\r\x00"); i >= 0 {
		return fmt.Errorf("%w: a %q at offset %d", ErrAmbiguous, src[i], i)
	}
	s := ambiguityScan{src: src, joined: strings.Contains(src, "\\\n")}
	syntax.Walk(f, s.visit)
	if s.err != nil || !s.joined || !strings.Contains(src, "#") {
		return s.err
	}
	return commentContinues(src)
}

// ambiguityScan looks for the ambiguous constructs in one walk of the
// tree (a walk is a large share of the cost of a permission decision).
type ambiguityScan struct {
	src    string
	joined bool      // src holds a backslash-newline
	substs [][2]uint // source ranges of command substitutions seen so far
	err    error
}

// visit records the first ambiguity found. syntax.Walk goes on to a
// node's siblings when visit returns false, so a found error is kept,
// never overwritten by a later node's check.
func (s *ambiguityScan) visit(n syntax.Node) bool {
	if s.err != nil {
		return false
	}
	switch n := n.(type) {
	case *syntax.CmdSubst:
		s.substs = append(s.substs, [2]uint{n.Pos().Offset(), n.End().Offset()})
	case *syntax.CallExpr:
		s.err = badAssign(n)
	case *syntax.Redirect:
		s.err = cmp.Or(dashDup(n), s.heredoc(n))
	}
	return s.err == nil
}

// heredoc reports a here-document followed by a backslash-newline, or
// inside a command substitution (found by FuzzBashDecision: in
// `(<<EOF⏎$(<<EOF⏎EOF⏎)⏎EOF⏎)` Bash ends the outer document at the
// inner terminator and runs "EOF").
func (s *ambiguityScan) heredoc(r *syntax.Redirect) error {
	if r.Op != syntax.Hdoc && r.Op != syntax.DashHdoc {
		return nil
	}
	off := r.Pos().Offset()
	if s.joined && strings.Contains(s.src[off:], "\\\n") {
		return fmt.Errorf("%w: a backslash-newline after a here-document", ErrAmbiguous)
	}
	for _, sub := range s.substs {
		if off > sub[0] && off < sub[1] {
			return fmt.Errorf("%w: a here-document inside a command substitution", ErrAmbiguous)
		}
	}
	return nil
}

// dashDup reports a duplication whose target starts with "-" and goes
// on (`<&-rm x`): the parser reads one target word, Bash closes the
// descriptor at "-" and runs the rest of the word as a command.
func dashDup(r *syntax.Redirect) error {
	if (r.Op != syntax.DplIn && r.Op != syntax.DplOut) || r.Word == nil || len(r.Word.Parts) == 0 {
		return nil
	}
	if lit, ok := r.Word.Parts[0].(*syntax.Lit); ok && strings.HasPrefix(lit.Value, "-") &&
		(len(lit.Value) > 1 || len(r.Word.Parts) > 1) {
		return fmt.Errorf("%w: a descriptor closed by \"-\" followed by more text", ErrAmbiguous)
	}
	return nil
}

// badAssign reports a prefix "assignment" whose name is not an
// identifier (`0=[`): the parser takes it for an assignment, Bash for
// the name of a program to run.
func badAssign(c *syntax.CallExpr) error {
	for _, as := range c.Assigns {
		if as.Name != nil && !identifier(as.Name.Value) {
			return fmt.Errorf("%w: %q is not a variable name", ErrAmbiguous, as.Name.Value)
		}
	}
	return nil
}

// identifier reports whether s is a Bash variable name.
func identifier(s string) bool {
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return s != ""
}

// commentContinues reports a comment that holds or ends in a backslash.
func commentContinues(src string) error {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash), syntax.KeepComments(true)).
		Parse(strings.NewReader(src), "")
	if err != nil {
		return fmt.Errorf("parsing command: %w", err)
	}
	syntax.Walk(f, func(n syntax.Node) bool {
		c, ok := n.(*syntax.Comment)
		if ok && err == nil && (strings.Contains(c.Text, "\\\n") || strings.HasSuffix(c.Text, "\\")) {
			err = fmt.Errorf("%w: a comment ends in a backslash", ErrAmbiguous)
		}
		return err == nil
	})
	return err
}
