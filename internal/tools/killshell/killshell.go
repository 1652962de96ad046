// Package killshell is the KillShell tool (formerly KillBash): it stops
// a background shell started by Bash with run_in_background, with every
// process in its group.
//
// Only the composition root (internal/app) imports it.
package killshell

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"corvid/internal/provider"
	"corvid/internal/shells"
	"corvid/internal/tool"
)

//go:embed prompt.md
var prompt string

//go:embed schema.json
var schema []byte

// killTool embeds tool.Base: not read-only, not concurrency-safe, Block
// on interrupt (stopping takes at most the grace period).
type killTool struct {
	tool.Base
	shells *shells.Manager
}

// New returns the KillShell tool over the conversation's background
// shells.
func New(mgr *shells.Manager) tool.Tool { return &killTool{shells: mgr} }

func (*killTool) Name() string                 { return "KillShell" }
func (*killTool) Aliases() []string            { return []string{"KillBash"} }
func (*killTool) Description() string          { return prompt }
func (*killTool) InputSchema() json.RawMessage { return schema }

type input struct {
	ShellID string `json:"shell_id"`
}

// Output is the structured result.
type Output struct {
	Message string `json:"message"`
	ShellID string `json:"shell_id"`
}

func decode(raw json.RawMessage) (input, error) {
	var in input
	if err := json.Unmarshal(raw, &in); err != nil {
		return in, fmt.Errorf("the input could not be read: %w", err)
	}
	if strings.TrimSpace(in.ShellID) == "" {
		return in, errors.New("shell_id is empty. Pass the ID that Bash returned when it started the command in the background.")
	}
	return in, nil
}

func (*killTool) ValidateInput(_ context.Context, raw json.RawMessage) error {
	_, err := decode(raw)
	return err
}

func (t *killTool) Call(_ context.Context, call tool.Call) (*tool.Result, error) {
	in, err := decode(call.Input)
	if err != nil {
		return tool.UseError(err.Error()), nil
	}
	notFound := tool.UseError("No background shell found with ID: " + in.ShellID)
	if t.shells == nil {
		return notFound, nil
	}
	info, stopped, err := t.shells.Kill(in.ShellID)
	switch {
	case errors.Is(err, shells.ErrNotFound):
		return notFound, nil
	case err != nil:
		return tool.ErrorText(fmt.Sprintf("Could not stop %s: %v", in.ShellID, err)), nil
	}
	msg := message(info, stopped)
	return &tool.Result{Content: []provider.Block{provider.TextBlock(msg)},
		Structured: Output{Message: msg, ShellID: info.ID}}, nil
}

// message says what happened to the shell.
func message(info shells.Info, stopped bool) string {
	cmd := shells.Abbrev(info.Command, 100)
	switch {
	case stopped:
		return fmt.Sprintf("Stopped background shell %s (`%s`) and the processes it started.", info.ID, cmd)
	case info.Status == shells.Killed:
		return fmt.Sprintf("Background shell %s (`%s`) was already stopped.", info.ID, cmd)
	}
	return fmt.Sprintf("Background shell %s (`%s`) had already finished with exit code %d; nothing to stop.",
		info.ID, cmd, info.ExitCode)
}
