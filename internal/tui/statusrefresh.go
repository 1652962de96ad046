package tui

import (
	"encoding/json"
	"math"
	"time"

	tea "charm.land/bubbletea/v2"
)

// maxRefreshInterval bounds statusLine.refreshInterval (a timer's
// longest wait in Claude Code, about 24.8 days).
const maxRefreshInterval = math.MaxInt32 * time.Millisecond

// refreshInterval reads statusLine.refreshInterval, in seconds, as
// Claude Code's schema has it: a number of at least 1; anything else
// (absent, below 1, not a number) is no refresh, and leaves the rest of
// the statusLine setting in force.
func refreshInterval(raw json.RawMessage) time.Duration {
	var v struct {
		RefreshInterval *float64 `json:"refreshInterval"`
	}
	if json.Unmarshal(raw, &v) != nil || v.RefreshInterval == nil || !(*v.RefreshInterval >= 1) {
		return 0
	}
	secs := min(*v.RefreshInterval, maxRefreshInterval.Seconds())
	return time.Duration(secs * float64(time.Second))
}

// statusRefresh is the timer that re-runs the statusLine command every
// refreshInterval. Only a setting with refreshInterval arms it (nothing
// ticks otherwise); it is re-armed at each tick, a tick during a run is
// skipped (runs never overlap), and stop ends it (the interface's end).
type statusRefresh struct {
	stop func() bool
	// gen numbers the timers; a tick of an older one is ignored.
	gen int
}

// statusRefreshMsg is a tick of timer gen.
type statusRefreshMsg struct{ gen int }

// armStatusRefresh (re)starts the timer as the settings say.
func (m *model) armStatusRefresh() {
	m.stopStatusRefresh()
	sl := m.ext.settings.StatusLine
	if sl == nil || sl.RefreshInterval <= 0 {
		return
	}
	m.status.refresh.gen++
	gen, br := m.status.refresh.gen, m.br
	after := m.o.afterFunc
	if after == nil {
		after = func(d time.Duration, f func()) func() bool { return time.AfterFunc(d, f).Stop }
	}
	m.status.refresh.stop = after(sl.RefreshInterval, func() { br.deliver(statusRefreshMsg{gen}) })
}

// stopStatusRefresh stops the timer; a tick already on its way is
// ignored.
func (m *model) stopStatusRefresh() {
	if m.status.refresh.stop != nil {
		m.status.refresh.stop()
		m.status.refresh.stop = nil
	}
	m.status.refresh.gen++
}

// statusRefreshTick re-arms the timer and runs the command unless a run
// is under way.
func (m *model) statusRefreshTick(msg statusRefreshMsg) tea.Cmd {
	if msg.gen != m.status.refresh.gen {
		return nil
	}
	m.status.refresh.stop = nil // it fired
	m.armStatusRefresh()
	if m.status.running || m.conv == nil {
		return nil
	}
	return m.startStatusRun()
}
