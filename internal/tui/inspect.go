package tui

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"corvid/internal/config"
	"corvid/internal/doctor"
)

// Inspector is what a conversation offers /doctor and /config
// (app.Conversation has both).
type Inspector interface {
	Doctor(ctx context.Context) doctor.Report
	EffectiveSettings() ([]config.Setting, error)
}

// cmdDoctor runs corvid doctor's checklist in the background.
func (m *model) cmdDoctor(string) tea.Cmd {
	in, ok := m.conv.(Inspector)
	if !ok {
		return m.println(m.errorLine("The conversation cannot run the checks"))
	}
	ctx := m.ctx
	return func() tea.Msg {
		var b strings.Builder
		_ = in.Doctor(ctx).WriteText(&b) // a Builder does not fail
		text := strings.TrimRight(b.String(), "\n")
		return applyMsg(func(m *model) tea.Cmd { return m.println(indent(text, "  ")) })
	}
}

// cmdConfig shows the settings keys in effect, each with its value and
// the layer it comes from (read-only).
func (m *model) cmdConfig(string) tea.Cmd {
	in, ok := m.conv.(Inspector)
	if !ok {
		return m.println(m.errorLine("The conversation cannot report its settings"))
	}
	list, err := in.EffectiveSettings()
	if err != nil {
		return m.println(m.errorLine(err.Error()))
	}
	if len(list) == 0 {
		return m.println(styleDim.Render("  No settings files set anything · see corvid doctor for where they are read"))
	}
	return m.println(settingsTable(list, m.width))
}

// settingsTable is one line per key: name, compact value, layer.
func settingsTable(list []config.Setting, width int) string {
	w, vw := 0, 0
	for _, s := range list {
		w, vw = max(w, len(s.Key)), max(vw, ansi.StringWidth(compactJSON(s.Value)))
	}
	var b strings.Builder
	b.WriteString(styleBold.Render("  Settings in effect (strongest layer's value; permissions merge across layers, see /permissions)") + "\n")
	for _, s := range list {
		from := string(s.Source)
		if len(s.Also) > 0 {
			var also []string
			for _, a := range s.Also {
				also = append(also, string(a))
			}
			from += " (also " + strings.Join(also, ", ") + ")"
		}
		valW := min(vw, max(12, width-w-len(from)-8))
		line := fmt.Sprintf("  %s  %s  %s", pad(s.Key, w), pad(ansi.Truncate(compactJSON(s.Value), valW, "…"), valW), from)
		if width > 0 {
			line = ansi.Truncate(line, width, "…")
		}
		b.WriteString(line + "\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

func compactJSON(raw json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return string(raw)
	}
	return strings.ReplaceAll(b.String(), "\n", " ")
}
