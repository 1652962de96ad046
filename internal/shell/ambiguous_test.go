package shell

import (
	"errors"
	"testing"
)

// TestParseAmbiguous checks, without bash, the constructs the
// differential harness found: Parse refuses them with ErrAmbiguous, so
// they are never read-only, and it still accepts their harmless kin.
func TestParseAmbiguous(t *testing.T) {
	for _, c := range []string{
		"cat <<EOF\nx\nEO\\\nF\nrm x\nEOF", "cat <<EOF\nx\nEOF\\\n\nrm x\nEOF", "cat <<-EOF\n\tE\\\nOF\nls\nEOF",
		"cat <<EOF; ls \\\n-la\nx\nEOF", "echo a # \\\nrm x", "ls #\\\nrm x", "ls\r", "echo a\r\nrm x",
		"echo a\x00; rm x", "{ cat <<X; }\nE\\\nX\nX", "<&-rm x", "ls >&-rm", "(<<EOF\n$(<<EOF\nEOF\n)\nEOF\n)", "echo $(cat <<EOF\nx\nEOF\n)", "0=[", "0=[ ls", "ls 2<&-'rm' x",
		// an ambiguity followed by a harmless sibling (found by FuzzBashDecision: the
		// sibling's check must not clear the first one's)
		"<&-A<&0", "0=[ <&0", "ls <&-rm >&1", "echo $(<<EOF\nx\nEOF\n) <&0",
	} {
		if _, err := Parse(c); !errors.Is(err, ErrAmbiguous) {
			t.Errorf("Parse(%q) = %v, want ErrAmbiguous", c, err)
		}
		if ReadOnly(c) {
			t.Errorf("ReadOnly(%q) = true", c)
		}
	}
	for _, c := range []string{"cat <<EOF\nx\nEOF", "ls \\\n-la", "echo a # comment\nls", "ls \\\n-la; cat <<EOF\nx\nEOF",
		"echo '#\\\n'", "ls <&-", "ls 2>&1-", "x0=1 _y=2 ls", "ls >&- 2>&-", "cat <<'EOF'\na\\b\nEOF"} {
		if _, err := Parse(c); err != nil {
			t.Errorf("Parse(%q) = %v, want no error", c, err)
		}
	}
}
