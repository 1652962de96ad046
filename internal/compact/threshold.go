package compact

import (
	"corvid/internal/model"
	"corvid/internal/provider"
)

// Settings are the auto-compact knobs, already read from the environment
// and settings files by the caller.
type Settings struct {
	// Disabled turns automatic compaction off (DISABLE_AUTO_COMPACT=1 or
	// autoCompactEnabled:false); manual compaction still works.
	Disabled bool
	// DisabledAll turns every kind of compaction off (DISABLE_COMPACT).
	DisabledAll bool
	// PctOverride (1–100) lowers the threshold to that percentage of the
	// effective window; it never raises it. Other values are ignored.
	PctOverride int
	// Window, when set, replaces the model's context window if smaller. It
	// is clamped to [MinWindow, MaxWindow] first.
	Window int
}

// Sizing constants.
const (
	// OutputReserve caps the part of the window kept free for the answer.
	OutputReserve = 20_000
	// Buffer is the distance between the effective window and the
	// auto-compact threshold.
	Buffer = 13_000
	// MinWindow and MaxWindow bound Settings.Window.
	MinWindow = 100_000
	MaxWindow = 1_000_000
)

// EffectiveWindow is the prompt budget: the context window (or the
// smaller Settings.Window) minus min(MaxOutput, OutputReserve). Missing
// figures take the unknown-model assumptions.
func EffectiveWindow(m model.Info, s Settings) int {
	window := m.ContextWindow
	if window <= 0 {
		window = model.UnknownContextWindow
	}
	if s.Window > 0 {
		window = min(window, min(max(s.Window, MinWindow), MaxWindow))
	}
	out := m.MaxOutput
	if out <= 0 {
		out = model.UnknownMaxOutput
	}
	return window - min(out, OutputReserve)
}

// Threshold is the token count at which automatic compaction starts:
// EffectiveWindow − Buffer, lowered to EffectiveWindow × PctOverride / 100
// when that is smaller. A 200k-token model compacts at 167,000.
func Threshold(m model.Info, s Settings) int {
	eff := EffectiveWindow(m, s)
	t := eff - Buffer
	if s.PctOverride >= 1 && s.PctOverride <= 100 {
		t = min(t, eff*s.PctOverride/100)
	}
	return t
}

// Tokens is the size of the context a response saw plus what it added:
// input, cache reads, cache writes and output.
func Tokens(u provider.Usage) int {
	return u.InputTokens + u.CacheReadInputTokens + u.CacheCreationInputTokens + u.OutputTokens
}

// Due reports whether automatic compaction should run after a response
// with usage u.
func Due(u provider.Usage, m model.Info, s Settings) bool {
	if s.Disabled || s.DisabledAll {
		return false
	}
	return Tokens(u) >= Threshold(m, s)
}
