package tui

import (
	"errors"
	"fmt"
	"slices"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"corvid/internal/event"
)

// escEscWindow is how soon a second Esc must follow the first to open the
// rewind picker.
const escEscWindow = 500 * time.Millisecond

// maxRewindChoices is how many earlier prompts the picker offers.
const maxRewindChoices = 9

// errNoRewind reports a conversation that cannot go back to a prompt.
var errNoRewind = errors.New("this conversation cannot be rewound")

// Rewinder is a conversation that can go back to an earlier prompt
// (*app.Conversation); a Backend without it offers no rewind.
type Rewinder interface {
	Prompts() []event.Prompt
	Rewind(id int) (event.Prompt, error)
}

// esc stops the running turn; while idle with an empty input, a second
// Esc within escEscWindow of the first opens the rewind picker. Two Esc
// that reach the program in one read arrive as the single key alt+esc.
func (m *model) esc(key string) tea.Cmd {
	if m.stopShell() { // shelljob.go; a turn running meanwhile stops too
		m.lastEsc = time.Time{}
		return m.interrupt()
	}
	if m.busy {
		m.lastEsc = time.Time{}
		return m.interrupt()
	}
	if m.input.Value() != "" {
		return m.escClear(key) // escclear.go
	}
	if m.conv == nil {
		m.lastEsc = time.Time{}
		return nil
	}
	if key == "alt+esc" {
		m.lastEsc = time.Time{}
		return m.openRewind()
	}
	now := m.o.now()
	if first := m.lastEsc; !first.IsZero() && now.Sub(first) >= 0 && now.Sub(first) <= escEscWindow {
		m.lastEsc = time.Time{}
		return m.openRewind()
	}
	m.lastEsc = now
	return nil
}

// cmdRewind is /rewind: the picker of earlier prompts.
func (m *model) cmdRewind(string) tea.Cmd {
	if m.busy {
		return m.println(m.errorLine("Wait for the turn to end (or press esc) before rewinding"))
	}
	return m.openRewind()
}

// openRewind opens the picker, newest prompt first.
func (m *model) openRewind() tea.Cmd {
	r, ok := m.conv.(Rewinder)
	if !ok {
		return m.println(m.errorLine(errNoRewind.Error()))
	}
	ps := r.Prompts()
	if len(ps) == 0 {
		return m.println(styleDim.Render("  ⎿ No earlier prompt to rewind to (since the start or the last compaction)"))
	}
	slices.Reverse(ps)
	if len(ps) > maxRewindChoices {
		ps = ps[:maxRewindChoices]
	}
	m.dialog = &rewindDialog{prompts: ps, now: m.o.now()}
	return nil
}

// rewindDialog is the rewind picker: one line per prompt with its turn's
// age; the last option cancels.
type rewindDialog struct {
	prompts []event.Prompt
	now     time.Time
	sel     int
}

func (d *rewindDialog) options() []string {
	var out []string
	for _, p := range d.prompts {
		out = append(out, fmt.Sprintf("%-9s %s", age(d.now.Sub(p.At)), firstLine(p.Text)))
	}
	return append(out, "Cancel (esc)")
}

func (d *rewindDialog) cursor() *int { return &d.sel }

func (d *rewindDialog) view(m *model) string {
	opts := d.options()
	for i := range opts {
		opts[i] = truncate(opts[i], m.width-6)
	}
	note := "Conversation only: files the tools changed stay as they are."
	if _, ok := m.conv.(CodeRewinder); ok {
		note = codeNote
	}
	head := styleBold.Render("Rewind to before a prompt") + "\n" + styleDim.Render(ansi.Wrap(note, max(m.width-4, 20), ""))
	return box(head+"\n"+optionList(opts, d.sel), m.width)
}

// choose rewinds to before prompt i and puts its text back in the input
// for editing; when the turns since changed files corvid can restore, it
// asks first what to restore (rewindcode.go).
func (d *rewindDialog) choose(m *model, i int) tea.Cmd {
	if i >= len(d.prompts) {
		return nil
	}
	if m.askRestore(d.prompts[i]) {
		return nil
	}
	return m.rewindTo(d.prompts[i].ID, "conversation only; files unchanged")
}

// rewindTo rewinds the conversation to before prompt id and puts its text
// in the input; how says what went back.
func (m *model) rewindTo(id int, how string) tea.Cmd {
	r, ok := m.conv.(Rewinder)
	if !ok {
		return m.println(m.errorLine(errNoRewind.Error()))
	}
	p, err := r.Rewind(id)
	if err != nil {
		return m.println(m.errorLine("Rewind failed: " + err.Error()))
	}
	m.setInput(p.Text)
	return m.println(styleDim.Render("  ⎿ Rewound to before: " + truncate(firstLine(p.Text), m.width-24) +
		" (" + how + ")"))
}

// age says how long ago a turn began, briefly.
func age(d time.Duration) string {
	switch {
	case d < time.Minute:
		return "just now"
	case d < time.Hour:
		return fmt.Sprintf("%dm ago", int(d/time.Minute))
	case d < 24*time.Hour:
		return fmt.Sprintf("%dh ago", int(d/time.Hour))
	}
	return fmt.Sprintf("%dd ago", int(d/(24*time.Hour)))
}
