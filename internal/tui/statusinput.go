package tui

import (
	"encoding/json"
	"strconv"
	"time"

	"corvid/internal/session"
	"corvid/internal/version"
)

// statusInput is the JSON the statusLine command reads on stdin, in
// Claude Code's shape (the fields its documentation names). corvid does
// not count changed lines per session, so cost has no total_lines_*.
type statusInput struct {
	SessionID      string         `json:"session_id"`
	TranscriptPath string         `json:"transcript_path"`
	Cwd            string         `json:"cwd"`
	Model          statusModel    `json:"model"`
	Workspace      statusWorkdirs `json:"workspace"`
	Version        string         `json:"version"`
	OutputStyle    struct {
		Name string `json:"name"`
	} `json:"output_style"`
	Cost          statusCost    `json:"cost"`
	ContextWindow statusContext `json:"context_window"`
}

type statusModel struct {
	ID          string `json:"id"`
	DisplayName string `json:"display_name"`
}

type statusWorkdirs struct {
	CurrentDir string `json:"current_dir"`
	ProjectDir string `json:"project_dir"`
}

type statusCost struct {
	TotalCostUSD       float64 `json:"total_cost_usd"`
	TotalDurationMS    int64   `json:"total_duration_ms"`
	TotalAPIDurationMS int64   `json:"total_api_duration_ms"`
}

type statusContext struct {
	ContextWindowSize   int `json:"context_window_size"`
	UsedPercentage      int `json:"used_percentage"`
	RemainingPercentage int `json:"remaining_percentage"`
}

// statusInput builds the command's stdin from the model's state.
func (m *model) statusInput() []byte {
	in := statusInput{SessionID: m.ext.session, Cwd: m.cwd(), Version: version.Surface,
		Model:     statusModel{ID: m.modelName, DisplayName: m.modelName},
		Workspace: statusWorkdirs{CurrentDir: m.cwd(), ProjectDir: m.o.Cwd}}
	if in.SessionID != "" && m.o.ConfigDir != "" {
		in.TranscriptPath = session.Path(m.o.ConfigDir, m.o.Cwd, in.SessionID)
	}
	in.OutputStyle.Name = "default"
	if m.conv != nil {
		if s := m.conv.Info().OutputStyle; s != "" {
			in.OutputStyle.Name = s
		}
	}
	in.Cost = statusCost{TotalCostUSD: m.costUSD, TotalDurationMS: time.Since(m.started).Milliseconds(),
		TotalAPIDurationMS: m.status.apiTime.Milliseconds()}
	used := min((100*m.ctxTokens+contextWindow/2)/contextWindow, 100)
	in.ContextWindow = statusContext{ContextWindowSize: contextWindow, UsedPercentage: used, RemainingPercentage: 100 - used}
	data, err := json.Marshal(in)
	if err != nil { // plain strings and numbers: cannot happen
		return []byte("{}")
	}
	return data
}

// cwd is the conversation's working directory (the launch directory
// until it opens).
func (m *model) cwd() string { return m.o.Cwd }

func ftoa(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
