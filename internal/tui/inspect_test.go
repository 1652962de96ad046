package tui

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"corvid/internal/config"
	"corvid/internal/doctor"
	"corvid/internal/event"
	"corvid/internal/permission"
)

// inspectConv is the fake conversation with the Inspector side.
type inspectConv struct {
	*fakeConv
	settings []config.Setting
}

func (c *inspectConv) Doctor(context.Context) doctor.Report {
	return doctor.Report{Checks: []doctor.Check{
		{Name: "build", Status: doctor.StatusOK, Detail: "corvid test"},
		{Name: "credentials", Status: doctor.StatusFail, Detail: "no API key", Items: []string{"set ANTHROPIC_API_KEY"}},
	}}
}

func (c *inspectConv) EffectiveSettings() ([]config.Setting, error) { return c.settings, nil }

func inspectHarness(t *testing.T, settings []config.Setting) *harness {
	fc := &fakeConv{}
	return newHarness(t, 100, nil, func(o *Options) {
		o.Open = func(_ context.Context, sink event.Sink, asker permission.Asker, _ string) (Backend, error) {
			fc.sink, fc.asker = sink, asker
			return &inspectConv{fakeConv: fc, settings: settings}, nil
		}
	})
}

// /config shows each key's value compacted, its layer and the weaker
// layers that set it too.
func TestConfigShowsSources(t *testing.T) {
	h := inspectHarness(t, []config.Setting{
		{Key: "env", Value: json.RawMessage("{\n  \"A\": \"1\"\n}"), Source: config.SourceUser},
		{Key: "model", Value: json.RawMessage(`"opus"`), Source: config.SourceProject, Also: []config.Source{config.SourceUser}},
	})
	h.typeLine("/config")
	h.waitFor("the table", func(p, _ string) bool { return strings.Contains(p, "project (also user)") })
	golden.RequireEqual(t, []byte(h.scrollback()))
}

// /doctor prints the doctor's checklist, failures included.
func TestDoctorChecklist(t *testing.T) {
	h := inspectHarness(t, nil)
	h.typeLine("/doctor")
	h.waitFor("the checklist", func(p, _ string) bool {
		return strings.Contains(p, "[FAIL] credentials") && strings.Contains(p, "set ANTHROPIC_API_KEY") &&
			strings.Contains(p, "Something is broken")
	})
	h.typeLine("/config")
	h.waitFor("the empty note", func(p, _ string) bool { return strings.Contains(p, "No settings files set anything") })
}
