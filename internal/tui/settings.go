package tui

import (
	"encoding/json"
	"slices"
	"time"
)

// Settings are the settings keys the interface reads itself.
type Settings struct {
	// StatusLine is the statusLine command (nil: the built-in line).
	StatusLine *StatusLineSetting
	// StatusLineWithheld: the repository's own settings name a
	// statusLine, which waits until the workspace is trusted.
	StatusLineWithheld bool
	// NotifChannel is preferredNotifChannel ("" reads as auto).
	NotifChannel string
}

// StatusLineSetting is the statusLine key:
// {"type":"command","command":"…","padding":N,"refreshInterval":S}.
type StatusLineSetting struct {
	Type    string `json:"type"`
	Command string `json:"command"`
	Padding int    `json:"padding"`
	// RefreshInterval re-runs the command this often besides the runs
	// changes cause (0: only those); read by refreshInterval.
	RefreshInterval time.Duration `json:"-"`
}

// ReadSettings reads the interface's keys from the merged settings:
// lookup returns a top-level key as the strongest layer wrote it;
// withheld lists what an untrusted repository's files were denied
// (config.Notice.Ignored). A statusLine of another type, without a
// command, or with hooks disabled (disableAllHooks, which covers the
// statusLine in Claude Code) is no statusLine.
func ReadSettings(lookup func(string) (json.RawMessage, bool), withheld []string) Settings {
	var s Settings
	s.StatusLineWithheld = slices.Contains(withheld, "statusLine")
	if lookup == nil {
		return s
	}
	if raw, ok := lookup("preferredNotifChannel"); ok {
		_ = json.Unmarshal(raw, &s.NotifChannel) // a non-string reads as auto
	}
	if raw, ok := lookup("disableAllHooks"); ok {
		var off bool
		if json.Unmarshal(raw, &off) == nil && off {
			return s
		}
	}
	raw, ok := lookup("statusLine")
	if !ok {
		return s
	}
	var sl StatusLineSetting
	if json.Unmarshal(raw, &sl) != nil || sl.Type != "command" || sl.Command == "" {
		return s
	}
	sl.Padding = min(max(sl.Padding, 0), 20)
	sl.RefreshInterval = refreshInterval(raw)
	s.StatusLine = &sl
	return s
}
