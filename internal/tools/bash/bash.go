// Package bash is the Bash tool: it runs a command line with `bash -c`
// in the conversation's working directory, in its own process group,
// with a time limit, and returns stdout and stderr combined (bounded in
// memory, the whole output spilled to a file when it is too long). A
// `cd` persists across calls while it stays inside the allowed
// directories. With run_in_background the command is handed to a
// shells.Manager instead.
//
// Only the composition root (internal/app) imports it.
package bash

import (
	"context"
	_ "embed"
	"encoding/json"
	"os"
	"time"

	"corvid/internal/shell"
	"corvid/internal/shells"
	"corvid/internal/spill"
	"corvid/internal/tool"
)

//go:embed prompt.md
var prompt string

//go:embed schema.json
var schema []byte

// Limits and defaults.
const (
	DefaultTimeout   = 120 * time.Second
	MaxTimeout       = 600 * time.Second
	DefaultMaxOutput = 30_000
	// MaxOutputLimit bounds Options.MaxOutput (BASH_MAX_OUTPUT_LENGTH).
	MaxOutputLimit   = 150_000
	DefaultKillGrace = 2 * time.Second
)

// Options configure the tool. The caller reads BASH_DEFAULT_TIMEOUT_MS,
// BASH_MAX_TIMEOUT_MS and BASH_MAX_OUTPUT_LENGTH into them; zero values
// mean the defaults.
type Options struct {
	// Shell runs the commands (a path or a program on PATH); "" means
	// bash, or /bin/sh when bash is missing.
	Shell string
	// Env holds extra KEY=VALUE entries for the child environment; they
	// override the parent's and the CORVID/CLAUDECODE marks.
	Env []string
	// DefaultTimeout applies when the call gives none; MaxTimeout caps
	// what a call may ask for.
	DefaultTimeout, MaxTimeout time.Duration
	// MaxOutput is how many characters of output the model sees (at most
	// MaxOutputLimit).
	MaxOutput int
	// KillGrace is how long a stopped command gets between SIGTERM and
	// SIGKILL.
	KillGrace time.Duration
	// Spill bounds the files too-long output is saved to; nil means a
	// budget of its own with the default limits.
	Spill *spill.Budget
}

func (o Options) withDefaults() Options {
	if o.DefaultTimeout <= 0 {
		o.DefaultTimeout = DefaultTimeout
	}
	if o.MaxTimeout <= 0 {
		o.MaxTimeout = MaxTimeout
	}
	o.DefaultTimeout = min(o.DefaultTimeout, o.MaxTimeout)
	if o.MaxOutput <= 0 {
		o.MaxOutput = DefaultMaxOutput
	}
	o.MaxOutput = min(o.MaxOutput, MaxOutputLimit)
	if o.KillGrace <= 0 {
		o.KillGrace = DefaultKillGrace
	}
	if o.Spill == nil {
		o.Spill = spill.NewBudget(spill.Limits{})
	}
	return o
}

// bashTool is safe for concurrent calls: it holds configuration only.
type bashTool struct {
	tool.Base
	shells *shells.Manager
	shell  string
	opts   Options
}

// New returns the Bash tool. mgr runs background commands (nil: they are
// refused).
func New(mgr *shells.Manager, opts Options) tool.Tool {
	opts = opts.withDefaults()
	return &bashTool{shells: mgr, shell: shells.FindShell(opts.Shell), opts: opts}
}

func (*bashTool) Name() string                              { return "Bash" }
func (*bashTool) Description() string                       { return prompt }
func (*bashTool) InputSchema() json.RawMessage              { return schema }
func (*bashTool) InterruptBehavior() tool.InterruptBehavior { return tool.Cancel }
func (*bashTool) AbortsSiblingsOnError() bool               { return true }

// IsReadOnly is true for a foreground command that shell.ReadOnly
// accepts.
func (*bashTool) IsReadOnly(raw json.RawMessage) bool {
	in, err := decode(raw)
	return err == nil && !in.RunInBackground && shell.ReadOnly(in.Command)
}

// IsConcurrencySafe is true for a read-only command that does not change
// directory: a cd must persist, and only calls that are not
// concurrency-safe may change the conversation's working directory.
func (*bashTool) IsConcurrencySafe(raw json.RawMessage) bool {
	in, err := decode(raw)
	if err != nil || in.RunInBackground {
		return false
	}
	a, err := shell.Parse(in.Command)
	return err == nil && a.ReadOnly() && !a.ChangesDir
}

// IsDestructive is shell.Destructive's heuristic.
func (*bashTool) IsDestructive(raw json.RawMessage) bool {
	in, err := decode(raw)
	return err == nil && shell.Destructive(in.Command)
}

// ValidateInput refuses an empty command and a negative timeout.
func (*bashTool) ValidateInput(_ context.Context, raw json.RawMessage) error {
	_, err := decode(raw)
	return err
}

func (t *bashTool) Call(ctx context.Context, call tool.Call) (*tool.Result, error) {
	in, err := decode(call.Input)
	if err != nil {
		return tool.UseError(err.Error()), nil
	}
	if in.RunInBackground {
		return t.background(call, in), nil
	}
	return t.foreground(ctx, call, in), nil
}

// env is the child environment: the parent's, the marks that tell a
// program it runs under an agent, CDPATH cleared (a relative cd must go
// where the permission analysis expects), then Options.Env.
func (t *bashTool) env() []string {
	env := append(os.Environ(), "CORVID=1", "CLAUDECODE=1", "CDPATH=")
	return append(env, t.opts.Env...)
}
