package command

import (
	"context"
	"strings"
	"testing"
)

// Whatever the arguments, they never become a command of their own: the
// commands run are exactly the body's, with the arguments inside them.
func FuzzExpandArguments(f *testing.F) {
	f.Add("a $0 !`echo $1` $ARGUMENTS", "x !`rm -rf /` y")
	f.Add("```!\nls $0\n```\n$ARGUMENTS[2]", "'a b' \"c\\\"\" \\$0")
	f.Fuzz(func(t *testing.T, body, args string) {
		var ran []string
		c := &Command{Name: "f", Body: body}
		_, err := c.Expand(context.Background(), args, Env{Shell: func(_ context.Context, cmd string) (string, error) {
			ran = append(ran, cmd)
			return "", nil
		}})
		if err != nil {
			return // more commands than the cap
		}
		if want := len(segmentsShell(body)); len(ran) != want {
			t.Fatalf("body %q args %q: ran %d commands, the body has %d", body, args, len(ran), want)
		}
	})
}

func segmentsShell(body string) []string {
	var out []string
	for _, s := range segments(body) {
		if s.shell {
			out = append(out, strings.TrimSpace(s.text))
		}
	}
	return out
}
