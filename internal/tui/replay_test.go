package tui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"

	"corvid/internal/provider"
)

// A long resumed conversation prints only its last messages, saying how
// many it left out; a call never answered shows as such; reminders are
// not shown.
func TestReplayCapsAndUnanswered(t *testing.T) {
	var msgs []provider.Message
	for i := range maxReplayMessages + 50 {
		role := provider.RoleUser
		if i%2 == 1 {
			role = provider.RoleAssistant
		}
		msgs = append(msgs, provider.Message{Role: role, Content: []provider.Block{provider.TextBlock(fmt.Sprintf("message %d", i))}})
	}
	msgs = append(msgs, provider.Message{Role: provider.RoleUser, Content: []provider.Block{
		provider.TextBlock("<system-reminder>hidden</system-reminder>"), provider.TextBlock("last prompt")}},
		provider.Message{Role: provider.RoleAssistant, Content: []provider.Block{
			{Type: provider.BlockToolUse, ID: "toolu_x", Name: "Read", Input: []byte(`{"file_path":"/work/proj/a.go"}`)}}})
	m := newModel(t.Context(), Options{Cwd: "/work/proj", ConfigDir: t.TempDir(), Profile: colorprofile.Ascii, Width: 80}, newBridge())
	m.replay(msgs)
	out := stripANSI(strings.Join(m.outbox, "\n"))
	for _, want := range []string{"52 earlier messages not shown", "> message 52", "  message 249", "> last prompt",
		"● Read(a.go)", "(no result)"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	for _, bad := range []string{"message 51\n", "hidden"} {
		if strings.Contains(out, bad) {
			t.Errorf("%q shown:\n%s", bad, out)
		}
	}
}
