package app

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"corvid/internal/config"
	"corvid/internal/cost"
	"corvid/internal/engine"
	"corvid/internal/event"
	"corvid/internal/hook"
	"corvid/internal/hookrun"
	"corvid/internal/mcp"
	"corvid/internal/model"
	"corvid/internal/outputstyle"
	"corvid/internal/permission"
	"corvid/internal/session"
	"corvid/internal/shells"
	"corvid/internal/tool"
	"corvid/internal/tools/bash"
	"corvid/internal/version"
)

// closeGrace bounds how long the end of a run waits for background shells
// to stop.
const closeGrace = 5 * time.Second

// StopBound is the longest a hard stop (the context of Run ending) takes
// to end every tool and shell, after which Run still writes the
// interrupted results and returns: a caller that gives up on Run waits
// longer than this.
var StopBound = shells.StopBound(max(bash.DefaultKillGrace, shells.DefaultKillGrace))

// Run runs one prompt to completion: it opens a conversation, submits
// the prompt once and closes it. The returned error is for failures
// before the run could start (bad configuration, missing credentials);
// everything after that is reported as the event.Result, which Run also
// returns.
func Run(ctx context.Context, opts Options) (event.Result, error) {
	c, err := Open(ctx, opts)
	if err != nil {
		return event.Result{}, err
	}
	defer c.Close()
	done := make(chan struct{})
	defer close(done)
	if opts.Interrupt != nil {
		go func() {
			select {
			case <-opts.Interrupt:
				c.eng.Interrupt() // before the turn too: it begins interrupted
			case <-done:
			}
		}()
	}
	return c.SubmitText(ctx, opts.Prompt), nil
}

// slashCommands are the commands a print-mode prompt may be.
var slashCommands = []string{"compact", "cost"}

// slashCommand splits "/name args" when name is one of corvid's commands.
func slashCommand(text string) (name, arg string, ok bool) {
	text = strings.TrimSpace(text)
	if !strings.HasPrefix(text, "/") {
		return "", "", false
	}
	name, arg, _ = strings.Cut(text[1:], " ")
	if !slices.Contains(slashCommands, name) {
		return "", "", false
	}
	return name, strings.TrimSpace(arg), true
}

// setup is a configured run: the engine's configuration and what must be
// released when the run ends.
type setup struct {
	// transcript is the transcript's path ("" when none is written), as
	// hooks are told.
	transcript string

	engine    engine.Config
	gate      *permission.Engine
	resolve   func(name string) model.Info
	kit       *toolkit
	cmds      *commands
	style     outputstyle.Style
	conv      *conversation
	mcp       *mcp.Manager
	stopSweep func() // ends the sweep of old spill files
	agents    *agents
	// live is the conversation's policy in effect (set by Open).
	live func() engine.Policy
	// hooks are the conversation's: the settings' and the host's (nil:
	// none); hookRunner runs the settings' (nil without any).
	hooks      *hook.Set
	hookRunner *hookrun.Runner
	// hookConfigs are the settings hooks in effect, for /hooks.
	hookConfigs []event.HookConfig
	// slash are the commands a prompt may start with and keySource
	// where the API key came from, as system/init reports them.
	slash     []string
	keySource string
	summary   summarizer
	cfgDir    string
	ckpt      checkpoints // the file checkpoints of rewind (checkpoints.go)
}

// close stops whatever background shells are still running and makes the
// transcript durable.
func (s *setup) close() {
	if s.agents != nil {
		s.agents.close()
	}
	s.closeShells()
	s.mcp.Close()
	if s.hookRunner != nil {
		s.hookRunner.Close()
	}
	if s.stopSweep != nil {
		s.stopSweep()
	}
	if s.conv != nil {
		s.conv.close()
	}
}

// closeShells stops the background shells and what foreground commands
// left running, waiting for them at most closeGrace.
func (s *setup) closeShells() {
	ctx, cancel := context.WithTimeout(context.Background(), closeGrace)
	defer cancel()
	_ = s.kit.shells.Close(ctx)
}

// configure builds the run from the options, the settings files and the
// environment.
func configure(opts Options) (s *setup, err error) {
	if opts.Sink == nil {
		return nil, fmt.Errorf("app: no event sink")
	}
	if err := checkAddDirs(opts); err != nil {
		return nil, err
	}
	settings, err := loadSettings(opts, environment(opts.Getenv))
	if err != nil {
		return nil, err
	}
	git := startGit(opts.Cwd)
	defer func() {
		if err != nil {
			git.wait(0) // stop the git commands nobody will read
		}
	}()
	env := withSettingsEnv(environment(opts.Getenv), settings)
	mode, err := permissionMode(opts, settings)
	if err != nil {
		return nil, err
	}
	main, fallbacks, err := models(opts, env, settings)
	if err != nil {
		return nil, err
	}
	client, keySource, err := newProvider(env)
	if err != nil {
		return nil, err
	}
	client = withAPIDebug(opts, client)
	costs, retry := &cost.Tracker{}, retryPolicy(env)
	small := summarizer{provider: client, model: model.Resolve("haiku"), retry: retry, costs: costs}
	kit := newToolkit(env, settings.Env, small)
	// One set of built-in tool instances: the run offers them, and the
	// permission engines describe tools by them.
	base := kit.tools()
	described := withRunTools(base)
	// The hooks come first: PermissionRequest and Notification hooks stand
	// in front of the permission asker. What they are told of the session
	// (its id, transcript, mode) is read when they fire.
	s = &setup{kit: kit, resolve: resolver(env).Resolve, summary: small}
	s.hooks, s.hookRunner = s.sessionHooks(opts, env, settings, described)
	if r := s.hookRunner; r != nil {
		defer func() {
			if err != nil { // no setup is returned to close it
				r.Close()
			}
		}()
	}
	pcfg := permissionConfig(opts, settings, mode, described)
	prompt, err := withPromptTool(opts, &pcfg)
	if err != nil {
		return nil, err
	}
	pcfg.Asker = withHookAsker(pcfg.Asker, s.hooks)
	gate, errs := permission.New(pcfg)
	for _, e := range errs {
		warnf(opts, "warning: permission rule ignored: %v\n", e)
	}
	s.gate = gate
	ag := newAgents(opts, env, kit, &s)
	builtin := restrict(opts, withCommands(opts, env, settings, s, append(append([]tool.Tool{ag.tool}, base...), ag.stop, ag.output)))
	so, extra, err := structuredOutput(opts)
	if err != nil {
		return nil, err
	}
	tools, err := registry(append(builtin, extra...), hiddenTools(pcfg.Deny, builtin))
	if err != nil {
		return nil, err
	}
	cfg := engine.Config{
		Deps: engine.Deps{Provider: client, Tools: tools, Permission: withDebug(opts, gate),
			Hooks: engineHooks(s.hooks), Costs: costs, Sink: opts.Sink, BeforeCall: s.ckpt.beforeCall},
		Policy: engine.Policy{Model: main, FallbackModels: fallbacks,
			MaxTokens: env.int("CLAUDE_CODE_MAX_OUTPUT_TOKENS"), Reasoning: reasoning(opts, env, settings),
			MaxTurns: opts.MaxTurns, MaxBudgetUSD: opts.MaxBudgetUSD, Retry: retry,
			BatchTools:      env.bool("CORVID_BATCH_TOOLS"),
			MaxConcurrency:  env.int("CLAUDE_CODE_MAX_TOOL_USE_CONCURRENCY"),
			StopBlockCap:    env.int("CLAUDE_CODE_STOP_HOOK_BLOCK_CAP"),
			Compaction:      compaction(env, settings),
			NoPromptCache:   env.bool("DISABLE_PROMPT_CACHING"),
			PartialMessages: opts.PartialMessages},
		State: engine.State{Cwd: opts.Cwd, Dirs: pcfg.WorkDirs, Structured: so,
			Carry: carry(kit.files, kit.todos)},
	}
	s.keySource = keySource
	s.engine, s.style = cfg, outputStyle(opts, env, settings)
	if err := s.openSession(opts, env, git, settings); err != nil {
		return nil, err
	}
	if err := s.addMCP(opts, env, settings, pcfg.Deny); err != nil {
		s.close()
		return nil, err
	}
	s.bindPromptTool(opts, prompt)
	s.stopSweep = startSweep(env, cleanupPeriod(opts, settings), s.engine.SessionDir)
	ag.bind(opts, s)
	s.agents = ag
	return s, nil
}

// openSession gathers the workspace facts, opens the conversation (new or
// resumed) and fills the parts of the engine's configuration they decide:
// system prompt, opening reminders, history, transcript, session id.
func (s *setup) openSession(opts Options, env environment, git *gitSnapshot, settings *config.Settings) error {
	cfg, kit := &s.engine, s.kit
	ws, problems := gatherFacts(opts, env, time.Now(), git)
	cfgDir, err := configDir(env)
	if err != nil {
		return err
	}
	s.cfgDir = cfgDir
	for _, p := range problems {
		warnf(opts, "warning: instructions: %v\n", p)
	}
	conv, err := openConversation(opts, env, sessionMeta(opts, env, ws.git.Branch))
	if err != nil {
		return err
	}
	s.conv = conv
	if conv.costs != nil {
		cfg.Costs.Restore(*conv.costs)
	}
	kit.todos.Replace(lastTodos(conv.history))
	if m := model.Resolve(conv.model); conv.model != "" && opts.Model == "" && m.Known {
		cfg.Model = m
	}
	nested := watchNested(kit.files, opts, env, ws.files, s.cmds.touch)
	cfg.System = systemPrompt(opts, cfg.Tools.Tools(), ws.env.Render(), cfg.Model, s.style)
	cfg.SessionID, cfg.History, cfg.Opening = conv.id, conv.history, ws.opening()
	cfg.SessionDir = sessionDir(cfgDir, opts.Cwd, conv.id)
	cfg.Reminders = reminders(kit.shells.Notifications, nested.drain, hookContext(s.hooks))
	if (opts.Continue || opts.Resume != "") && len(conv.history) > 0 {
		cfg.SessionSource = engine.SourceResume
	}
	s.openCommands()
	if conv.writer != nil {
		s.transcript = session.Path(cfgDir, opts.Cwd, conv.id)
		cfg.Transcript = newTranscriptRecorder(conv.writer, func(f string, a ...any) { warnf(opts, f, a...) })
		cfg.Earlier = earlierPrompts(conv.prompts)
		s.ckpt.open(opts, env, cfg)
	}
	return nil
}

// sessionMeta is the envelope every transcript entry carries.
func sessionMeta(opts Options, env environment, branch string) session.Meta {
	return session.Meta{Cwd: opts.Cwd, Version: version.Surface, GitBranch: branch, Entrypoint: entrypoint(env)}
}
