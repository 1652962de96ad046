package app

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"corvid/internal/executor"
	"corvid/internal/permission"
	"corvid/internal/tool"
)

// Toolset is corvid's built-in tools with the permission engine a run
// started with the same options would use, for serving them outside a
// conversation (corvid mcp serve). Nobody can be asked: a call that would
// ask is denied, as in -p, unless the mode or a rule allows it. Close
// stops what the tools left running.
type Toolset struct {
	// Tools are the tools offered: the built-in ones, less those --tools
	// leaves out and those bare-name deny rules hide.
	Tools *tool.Registry
	// Pipeline validates, checks permission and runs one call.
	Pipeline *executor.Pipeline
	// Env is the environment calls run in.
	Env tool.Env
	kit *toolkit
}

// OpenToolset builds the toolset from the options, the settings files
// and the environment, as a run would.
func OpenToolset(opts Options) (*Toolset, error) {
	if err := checkAddDirs(opts); err != nil {
		return nil, err
	}
	settings, err := loadSettings(opts, environment(opts.Getenv))
	if err != nil {
		return nil, err
	}
	env := withSettingsEnv(environment(opts.Getenv), settings)
	mode, err := permissionMode(opts, settings)
	if err != nil {
		return nil, err
	}
	cfgDir, err := configDir(env)
	if err != nil {
		return nil, err
	}
	kit := newToolkit(env, settings.Env, nil)
	pcfg := permissionConfig(opts, settings, mode, withRunTools(kit.tools()))
	pcfg.Asker = nil
	gate, errs := permission.New(pcfg)
	for _, e := range errs {
		warnf(opts, "warning: permission rule ignored: %v\n", e)
	}
	builtin := restrict(opts, kit.tools())
	reg, err := registry(builtin, hiddenTools(pcfg.Deny, builtin))
	if err != nil {
		return nil, fmt.Errorf("app: %w", err)
	}
	id := uuid.NewString()
	pipe := &executor.Pipeline{Permission: withDebug(opts, gate)}
	if opts.Hooks != nil { // PreToolUse and PostToolUse hooks apply as in a run
		pipe.Hooks = opts.Hooks
	}
	return &Toolset{Tools: reg, Pipeline: pipe, kit: kit,
		Env: tool.Env{WorkDir: opts.Cwd, ProjectDir: opts.Cwd, Dirs: pcfg.WorkDirs, SessionID: id,
			SessionDir: sessionDir(cfgDir, opts.Cwd, id)}}, nil
}

// Close stops the background shells the tools started, waiting at most
// closeGrace.
func (t *Toolset) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), closeGrace)
	defer cancel()
	return t.kit.shells.Close(ctx)
}
