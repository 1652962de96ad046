package tui

import (
	"strings"
	"unicode"
)

// Notification channels: the values of the preferredNotifChannel
// setting (Claude Code's names).
const (
	notifAuto     = "auto"
	notifITerm2   = "iterm2"           // OSC 9 (iTerm2, WezTerm, Windows Terminal)
	notifITermBel = "iterm2_with_bell" // OSC 9, then a bell
	notifBell     = "terminal_bell"    // BEL only
	notifKitty    = "kitty"            // OSC 99
	notifGhostty  = "ghostty"          // OSC 777
	notifOff      = "notifications_disabled"
	notifTitle    = "corvid"
	maxNotifText  = 200
	oscEnd        = "\a"
	stEnd         = "\x1b\\"
	bel           = "\a"
)

// notifChannel resolves a preferredNotifChannel value: "auto" (and any
// value corvid does not know) picks from the terminal the program runs
// in, by TERM_PROGRAM, TERM and KITTY_WINDOW_ID; a terminal it does not
// recognise gets the bell, which every terminal understands.
func notifChannel(setting string, getenv func(string) string) string {
	switch setting {
	case notifITerm2, notifITermBel, notifBell, notifKitty, notifGhostty, notifOff:
		return setting
	}
	if getenv == nil {
		return notifBell
	}
	switch prog := getenv("TERM_PROGRAM"); {
	case prog == "iTerm.app", prog == "WezTerm":
		return notifITerm2
	case strings.EqualFold(prog, "ghostty"):
		return notifGhostty
	case getenv("KITTY_WINDOW_ID") != "", getenv("TERM") == "xterm-kitty":
		return notifKitty
	}
	return notifBell
}

// notifBytes is what to write to the terminal to notify on channel:
// the escape sequence (wrapped for tmux's passthrough when inTmux, so
// that it reaches the terminal tmux runs in) and the bell. Title and
// body are cleaned of control characters first: a notification's text
// comes partly from the model, and must never end the sequence early
// or smuggle one of its own.
func notifBytes(channel, title, body string, inTmux bool) string {
	title, body = notifText(title), notifText(body)
	var seq, tail string
	switch channel {
	case notifITerm2:
		seq = "\x1b]9;" + title + ": " + body + oscEnd
	case notifITermBel:
		seq, tail = "\x1b]9;"+title+": "+body+oscEnd, bel
	case notifGhostty:
		seq = "\x1b]777;notify;" + strings.ReplaceAll(title, ";", ",") + ";" + body + oscEnd
	case notifKitty:
		seq = "\x1b]99;i=1:d=0;" + title + stEnd + "\x1b]99;i=1:p=body;" + body + stEnd
	case notifBell:
		tail = bel
	default: // notifications_disabled
		return ""
	}
	if inTmux && seq != "" {
		seq = tmuxPassthrough(seq)
	}
	return seq + tail
}

// tmuxPassthrough wraps seq in tmux's DCS passthrough (every ESC inside
// doubled). tmux forwards it only with allow-passthrough on; a bell
// needs no wrapping, tmux passes bells on by itself.
func tmuxPassthrough(seq string) string {
	return "\x1bPtmux;" + strings.ReplaceAll(seq, "\x1b", "\x1b\x1b") + stEnd
}

// notifText is s on one line, without control characters, at most
// maxNotifText runes.
func notifText(s string) string {
	var b strings.Builder
	n := 0
	for _, r := range s {
		if n >= maxNotifText {
			b.WriteString("…")
			break
		}
		switch {
		case r == '\n' || r == '\t':
			r = ' '
		case unicode.IsControl(r): // C0, DEL and C1 (ST among them)
			continue
		}
		b.WriteRune(r)
		n++
	}
	return strings.TrimSpace(b.String())
}
