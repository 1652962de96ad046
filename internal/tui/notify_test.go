package tui

import (
	"context"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"corvid/internal/event"
	"corvid/internal/permission"
)

// Each channel writes exactly these bytes, plain and inside tmux.
func TestNotifBytesGolden(t *testing.T) {
	for _, tc := range []struct{ channel, plain, tmux string }{
		{notifITerm2, "\x1b]9;corvid: done\a", "\x1bPtmux;\x1b\x1b]9;corvid: done\a\x1b\\"},
		{notifITermBel, "\x1b]9;corvid: done\a\a", "\x1bPtmux;\x1b\x1b]9;corvid: done\a\x1b\\\a"},
		{notifGhostty, "\x1b]777;notify;corvid;done\a", "\x1bPtmux;\x1b\x1b]777;notify;corvid;done\a\x1b\\"},
		{notifKitty, "\x1b]99;i=1:d=0;corvid\x1b\\\x1b]99;i=1:p=body;done\x1b\\",
			"\x1bPtmux;\x1b\x1b]99;i=1:d=0;corvid\x1b\x1b\\\x1b\x1b]99;i=1:p=body;done\x1b\x1b\\\x1b\\"},
		{notifBell, "\a", "\a"},
		{notifOff, "", ""},
	} {
		if got := notifBytes(tc.channel, "corvid", "done", false); got != tc.plain {
			t.Errorf("%s: %q, want %q", tc.channel, got, tc.plain)
		}
		if got := notifBytes(tc.channel, "corvid", "done", true); got != tc.tmux {
			t.Errorf("%s in tmux: %q, want %q", tc.channel, got, tc.tmux)
		}
	}
}

// Text from the model can neither end the sequence nor add one: control
// characters (ESC, BEL, C1 ST) are dropped, and OSC 777's title cannot
// gain a field.
func TestNotifTextCannotEscape(t *testing.T) {
	body := "use Bash\x1b]0;pwned\a\u009c\nnext"
	if got, want := notifBytes(notifITerm2, "a", body, false), "\x1b]9;a: use Bash]0;pwned next\a"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := notifBytes(notifITerm2, "a", "raw\x9cbyte", false); strings.ContainsRune(got, 0x9c) ||
		strings.Contains(got, "\x9c") {
		t.Errorf("a raw C1 byte got through: %q", got)
	}
	if got, want := notifBytes(notifGhostty, "x;y", "b", false), "\x1b]777;notify;x,y;b\a"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := notifText(strings.Repeat("é", 500)); len([]rune(got)) != maxNotifText+1 {
		t.Errorf("not capped: %d runes", len([]rune(got)))
	}
}

// auto (and an unknown value) picks from the terminal; a named channel
// is kept.
func TestNotifChannelAuto(t *testing.T) {
	env := func(kv ...string) func(string) string {
		return func(k string) string {
			for i := 0; i+1 < len(kv); i += 2 {
				if kv[i] == k {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	for _, tc := range []struct {
		setting string
		getenv  func(string) string
		want    string
	}{
		{"auto", env("TERM_PROGRAM", "iTerm.app"), notifITerm2},
		{"", env("TERM_PROGRAM", "WezTerm"), notifITerm2},
		{"auto", env("TERM_PROGRAM", "ghostty"), notifGhostty},
		{"auto", env("TERM", "xterm-kitty"), notifKitty},
		{"auto", env("TERM_PROGRAM", "Apple_Terminal"), notifBell},
		{"bogus", env("TERM_PROGRAM", "iTerm.app"), notifITerm2},
		{"notifications_disabled", env("TERM_PROGRAM", "iTerm.app"), notifOff},
		{"kitty", env(), notifKitty},
	} {
		if got := notifChannel(tc.setting, tc.getenv); got != tc.want {
			t.Errorf("%q: %q, want %q", tc.setting, got, tc.want)
		}
	}
}

// A turn's end and a permission question notify only while the terminal
// is not focused (after a blur report, before a focus report).
func TestNotifyOnlyWhenNotFocused(t *testing.T) {
	asked := func(ctx context.Context, f *fakeConv) event.Result {
		_, _ = f.asker.Ask(ctx, permission.Question{ToolName: "Bash", ToolUseID: "toolu_1",
			Input: []byte(`{"command":"ls"}`), Reason: "needs approval"})
		return event.Result{Subtype: event.SubtypeSuccess}
	}
	plain := func(context.Context, *fakeConv) event.Result { return event.Result{Subtype: event.SubtypeSuccess} }
	h := newHarness(t, 80, []turnFunc{plain, plain, asked, plain}, func(o *Options) {
		o.Getenv = func(k string) string { return map[string]string{"TERM_PROGRAM": "iTerm.app", "TMUX": "/tmp/t,1,0"}[k] }
		o.Settings = func() Settings { return Settings{NotifChannel: "auto"} }
	})
	const done = "\x1bPtmux;\x1b\x1b]9;corvid: corvid is waiting for your input\a\x1b\\"
	const ask = "\x1bPtmux;\x1b\x1b]9;corvid: corvid needs your permission to use Bash\a\x1b\\"
	turn := func(n int, prompt string) {
		h.typeLine(prompt)
		h.prompt(n)
		h.waitFor("the turn's end", func(_, v string) bool { return !strings.Contains(v, "Working") })
	}
	h.waitFor("the banner", func(p, _ string) bool { return strings.Contains(p, "corvid") })
	turn(0, "focused") // never reported: taken as focused
	if strings.Contains(h.term.String(), "\x1b]9;") {
		t.Fatalf("notified while focused: %q", h.term.String())
	}
	h.tm.Send(tea.BlurMsg{})
	turn(1, "away")
	h.waitFor("the notification", func(string, string) bool { return strings.Count(h.term.String(), done) == 1 })
	h.typeLine("ask")
	h.waitFor("the dialog's notification", func(string, string) bool { return strings.Count(h.term.String(), ask) == 1 })
	h.key('1', 0)
	h.waitFor("the second notification", func(string, string) bool { return strings.Count(h.term.String(), done) == 2 })
	h.tm.Send(tea.FocusMsg{})
	turn(3, "back")
	if n := strings.Count(h.term.String(), done); n != 2 {
		t.Errorf("notified %d times, want 2 (none once focused again)", n)
	}
}
