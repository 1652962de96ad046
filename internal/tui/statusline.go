package tui

import (
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"corvid/internal/permission"
)

// statusDebounce gathers the changes of a moment into one run of the
// statusLine command.
const statusDebounce = 300 * time.Millisecond

// statusState is the statusLine command's state. The command runs when
// the status it is told about changes (a turn starts or ends, the model,
// mode, cost or context moves), debounced, one run at a time; never on
// a timer, so an idle session runs nothing.
type statusState struct {
	// key is the status the last scheduled run was for; gen numbers the
	// debounce timers (only the newest one runs the command).
	key     string
	gen     int
	running bool
	// dirty: the status changed while a run was under way.
	dirty bool
	// lines is the last good output (nil: the built-in line shows).
	lines []string
	// apiTime sums the turns' API time (cost.total_api_duration_ms).
	apiTime time.Duration
	runs    int // runs started (tests read it)
	// refresh re-runs the command on a timer (statusrefresh.go).
	refresh statusRefresh
}

// statusDueMsg ends a debounce wait; statusRanMsg a run.
type statusDueMsg struct{ gen int }
type statusRanMsg struct {
	lines []string
	err   error
}

// statusKey is what the command is told about, less the clock.
func (m *model) statusKey() string {
	busy := "idle"
	if m.busy {
		busy = "busy"
	}
	return strings.Join([]string{m.modelName, string(m.mode), busy, m.ext.session,
		ftoa(m.costUSD), itoa(m.ctxTokens), m.cwd()}, "\x00")
}

// scheduleStatus starts a debounce wait when the status changed.
func (m *model) scheduleStatus() tea.Cmd {
	if m.ext.settings.StatusLine == nil || m.conv == nil {
		return nil
	}
	key := m.statusKey()
	if key == m.status.key {
		return nil
	}
	m.status.key = key
	m.status.gen++
	gen := m.status.gen
	return tea.Tick(statusDebounce, func(time.Time) tea.Msg { return statusDueMsg{gen} })
}

// statusDue runs the command for the newest change, or marks the
// status dirty while a run is under way.
func (m *model) statusDue(msg statusDueMsg) tea.Cmd {
	if msg.gen != m.status.gen || m.ext.settings.StatusLine == nil {
		return nil
	}
	if m.status.running {
		m.status.dirty = true
		return nil
	}
	return m.startStatusRun()
}

// startStatusRun runs the command in the background.
func (m *model) startStatusRun() tea.Cmd {
	m.status.running = true
	m.status.runs++
	r := statusRun{command: m.ext.settings.StatusLine.Command, dir: m.cwd(), input: m.statusInput(),
		timeout: m.o.statusTimeout, log: m.o.Log}
	if r.timeout <= 0 {
		r.timeout = statusTimeout
	}
	ctx := m.ctx
	return func() tea.Msg {
		lines, err := r.run(ctx)
		return statusRanMsg{lines: lines, err: err}
	}
}

// statusRan shows a run's output (a failure brings the built-in line
// back) and runs again when the status changed meanwhile.
func (m *model) statusRan(msg statusRanMsg) tea.Cmd {
	m.status.running = false
	m.status.lines = msg.lines // nil on failure: the built-in line
	if m.status.dirty {
		m.status.dirty = false
		return m.statusDue(statusDueMsg{m.status.gen})
	}
	return nil
}

// statusArea is the bottom of the live region: the statusLine command's
// lines (padded, clipped to the width, colours kept) or the built-in
// line, with a note when the repository's statusLine waits for trust.
func (m *model) statusArea() string {
	if len(m.status.lines) == 0 {
		s := m.statusLine()
		if m.ext.settings.StatusLineWithheld {
			s += styleDim.Render(" · statusLine ignored until you trust this directory")
		}
		return s
	}
	pad := strings.Repeat(" ", m.ext.settings.StatusLine.Padding)
	out := make([]string, 0, len(m.status.lines)+1)
	for _, l := range m.status.lines {
		out = append(out, ansi.Truncate(pad+l, max(m.width-1, 10), "…")+ansi.ResetStyle)
	}
	// The mode and the vim state stay in sight under the command's lines.
	state := strings.TrimSuffix(m.vimLabel(), " · ")
	if m.mode != permission.ModeDefault && m.mode != "" {
		state = strings.TrimPrefix(state+" · "+modeLabel(m.mode), " · ")
	}
	if state != "" {
		out = append(out, pad+state)
	}
	return strings.Join(out, "\n")
}
