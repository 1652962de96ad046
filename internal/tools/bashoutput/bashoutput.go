// Package bashoutput is the BashOutput tool: it returns the output a
// background shell (started by Bash with run_in_background) has written
// since the previous read, with its status and exit code.
//
// Only the composition root (internal/app) imports it.
package bashoutput

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"corvid/internal/provider"
	"corvid/internal/shells"
	"corvid/internal/tool"
)

//go:embed prompt.md
var prompt string

//go:embed schema.json
var schema []byte

// outputTool only reads, and is safe to run alongside other calls.
type outputTool struct {
	tool.Base
	shells *shells.Manager
}

// New returns the BashOutput tool over the conversation's background
// shells.
func New(mgr *shells.Manager) tool.Tool { return &outputTool{shells: mgr} }

func (*outputTool) Name() string                           { return "BashOutput" }
func (*outputTool) Description() string                    { return prompt }
func (*outputTool) InputSchema() json.RawMessage           { return schema }
func (*outputTool) IsReadOnly(json.RawMessage) bool        { return true }
func (*outputTool) IsConcurrencySafe(json.RawMessage) bool { return true }

type input struct {
	BashID string `json:"bash_id"`
	Filter string `json:"filter"`
}

// Output is the structured result.
type Output struct {
	ShellID       string `json:"shellId"`
	Command       string `json:"command"`
	Status        string `json:"status"`
	ExitCode      *int   `json:"exitCode"`
	Stdout        string `json:"stdout"`
	Stderr        string `json:"stderr"`
	StdoutLines   int    `json:"stdoutLines"`
	StderrLines   int    `json:"stderrLines"`
	Timestamp     string `json:"timestamp"`
	FilterPattern string `json:"filterPattern,omitempty"`
	OmittedBytes  int64  `json:"omittedBytes,omitempty"`
	DroppedBytes  int64  `json:"droppedBytes,omitempty"`
	UnsavedBytes  int64  `json:"unsavedBytes,omitempty"`
}

// decode reads the input and compiles the filter.
func decode(raw json.RawMessage) (input, *regexp.Regexp, error) {
	var in input
	if err := json.Unmarshal(raw, &in); err != nil {
		return in, nil, fmt.Errorf("the input could not be read: %w", err)
	}
	if strings.TrimSpace(in.BashID) == "" {
		return in, nil, errors.New("bash_id is empty. Pass the ID that Bash returned when it started the command in the background.")
	}
	if in.Filter == "" {
		return in, nil, nil
	}
	re, err := regexp.Compile(in.Filter)
	if err != nil {
		return in, nil, fmt.Errorf("The filter is not a valid regular expression: %v", err)
	}
	return in, re, nil
}

func (*outputTool) ValidateInput(_ context.Context, raw json.RawMessage) error {
	_, _, err := decode(raw)
	return err
}

func (t *outputTool) Call(_ context.Context, call tool.Call) (*tool.Result, error) {
	in, re, err := decode(call.Input)
	if err != nil {
		return tool.UseError(err.Error()), nil
	}
	if t.shells == nil {
		return tool.UseError("No background shell found with ID: " + in.BashID), nil
	}
	out, err := t.shells.Read(in.BashID, re)
	switch {
	case errors.Is(err, shells.ErrNotFound):
		return tool.UseError("No background shell found with ID: " + in.BashID), nil
	case err != nil:
		return tool.ErrorText(fmt.Sprintf("Could not read the output of %s: %v", in.BashID, err)), nil
	}
	return &tool.Result{Content: []provider.Block{provider.TextBlock(render(out, in.Filter))},
		Structured: structured(out, in.Filter)}, nil
}

func structured(out shells.Output, filter string) Output {
	s := Output{ShellID: out.ID, Command: out.Command, Status: string(out.Status), Stdout: out.Text,
		StdoutLines: lines(out.Text), Timestamp: time.Now().UTC().Format(time.RFC3339),
		FilterPattern: filter, OmittedBytes: out.Omitted, DroppedBytes: out.Dropped, UnsavedBytes: out.Unsaved}
	if out.Status != shells.Running {
		code := out.ExitCode
		s.ExitCode = &code
	}
	return s
}

func lines(s string) int {
	if s == "" {
		return 0
	}
	return strings.Count(strings.TrimSuffix(s, "\n"), "\n") + 1
}
