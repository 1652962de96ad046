package tui

import (
	"context"
	"strings"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// shellJob is the `!` command running now: the live region shows it with
// the end of its output, and esc (or ctrl+c on an empty input) stops it,
// its whole process group, at once.
type shellJob struct {
	cmd     string
	start   time.Time
	cancel  context.CancelFunc
	out     *liveBuffer
	stopped bool // the user stopped it
}

// shellTickMsg redraws a running `!` command (elapsed time, output); it is
// scheduled only while one runs.
type shellTickMsg struct{}

const shellTick = 250 * time.Millisecond

func (m *model) shellTicker() tea.Cmd {
	return tea.Tick(shellTick, func(time.Time) tea.Msg { return shellTickMsg{} })
}

func (m *model) shellTicked() tea.Cmd {
	if m.sh == nil {
		return nil
	}
	return m.shellTicker()
}

// stopShell stops the running `!` command; it reports whether one ran.
func (m *model) stopShell() bool {
	if m.sh == nil {
		return false
	}
	if !m.sh.stopped {
		m.sh.stopped = true
		m.sh.cancel()
	}
	return true
}

// shellView is the running command's line and its output's last lines.
func (m *model) shellView() string {
	if m.sh == nil {
		return ""
	}
	w := max(m.width-6, 10)
	head := styleAccent.Render("! ") + ansi.Truncate(firstLine(m.sh.cmd), max(m.width-30, 10), "…") +
		styleDim.Render(" · "+m.o.now().Sub(m.sh.start).Truncate(time.Second).String()+" (esc to interrupt)")
	out := strings.TrimRight(m.sh.out.String(), "\n")
	if out == "" {
		return head
	}
	lines := strings.Split(out, "\n")
	if len(lines) > 5 {
		lines = lines[len(lines)-5:]
	}
	for i, l := range lines {
		lines[i] = ansi.Truncate(cleanText(l), w, "…")
	}
	return head + "\n" + indentFirst(styleDim.Render(strings.Join(lines, "\n")), "  ⎿ ", "    ")
}

// liveBuffer is a capped output buffer the command writes while the
// interface reads it.
type liveBuffer struct {
	mu sync.Mutex
	capBuffer
}

func (l *liveBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.capBuffer.Write(p)
}

func (l *liveBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
