package tui

import (
	"fmt"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"corvid/internal/session"
)

// maxResumeChoices is how many sessions the picker offers.
const maxResumeChoices = 9

// cmdResume opens the picker of this folder's sessions, or resumes the
// n-th one directly.
func (m *model) cmdResume(arg string) tea.Cmd {
	if m.o.Sessions == nil {
		return m.println(m.errorLine("No sessions to resume"))
	}
	infos, err := m.o.Sessions()
	if err != nil {
		return m.println(m.errorLine("Listing the sessions: " + err.Error()))
	}
	if cur := m.sessionID(); cur != "" {
		infos = dropSession(infos, cur)
	}
	if len(infos) == 0 {
		return m.println(styleDim.Render("  ⎿ No earlier conversation in this folder"))
	}
	if len(infos) > maxResumeChoices {
		infos = infos[:maxResumeChoices]
	}
	if n, err := strconv.Atoi(arg); err == nil && n >= 1 && n <= len(infos) {
		return m.resumeSession(infos[n-1])
	}
	m.dialog = &resumeDialog{infos: infos}
	return nil
}

func (m *model) sessionID() string {
	if m.conv == nil {
		return ""
	}
	return m.conv.Info().SessionID
}

func dropSession(infos []session.Info, id string) []session.Info {
	out := infos[:0:0]
	for _, i := range infos {
		if i.ID != id {
			out = append(out, i)
		}
	}
	return out
}

func (m *model) resumeSession(i session.Info) tea.Cmd {
	line := indentFirst(ansi.Wrap("Resuming "+i.ID+" · "+i.FirstPrompt, max(m.width-5, 10), ""), "  ⎿ ", "    ")
	return tea.Sequence(m.println(paint(styleDim, line)), m.reopen(i.ID))
}

// resumeDialog is the /resume picker: newest first, with the first
// prompt as preview; the last option cancels.
type resumeDialog struct {
	infos []session.Info
	sel   int
}

func (d *resumeDialog) options() []string {
	var out []string
	for _, i := range d.infos {
		out = append(out, fmt.Sprintf("%s  %s  (%d messages)  %s", i.Modified.Format("Jan 02 15:04"),
			i.ID[:min(8, len(i.ID))], i.Messages, i.FirstPrompt))
	}
	return append(out, "Cancel (esc)")
}

func (d *resumeDialog) cursor() *int { return &d.sel }

func (d *resumeDialog) view(m *model) string {
	opts := d.options()
	for i := range opts {
		opts[i] = truncate(opts[i], m.width-6)
	}
	return box(styleBold.Render("Resume a conversation")+"\n"+optionList(opts, d.sel), m.width)
}

func (d *resumeDialog) choose(m *model, i int) tea.Cmd {
	if i >= len(d.infos) {
		return nil
	}
	return m.resumeSession(d.infos[i])
}

func truncate(s string, w int) string {
	r := []rune(strings.ReplaceAll(s, "\n", " "))
	if len(r) <= max(w, 10) {
		return string(r)
	}
	return string(r[:max(w, 10)-1]) + "…"
}
