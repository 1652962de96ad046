package app

import (
	"context"
	"corvid/internal/event"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"corvid/internal/config"
	"corvid/internal/hook"
	"corvid/internal/hookrun"
	"corvid/internal/permission"
	"corvid/internal/provider"
	"corvid/internal/session"
	"corvid/internal/tool"
	"corvid/internal/tools/bash"
)

// settingsHookPrefix starts the callback ids of settings handlers.
const settingsHookPrefix = "settings-"

// hookLayers collects the hooks keys of every settings layer, strongest
// first, naming each layer's file as messages show it.
func hookLayers(opts Options, env environment, s *config.Settings) []hook.Layer {
	cfgDir, _ := configDir(env)
	files := map[config.Source]string{
		config.SourceManaged: filepath.Join(managedDir(env), "managed-settings.json"),
		config.SourceFlag:    opts.SettingsFlag,
		config.SourceLocal:   config.LocalSettingsPath(opts.Cwd),
		config.SourceProject: filepath.Join(opts.Cwd, ".claude", "settings.json"),
		config.SourceUser:    filepath.Join(cfgDir, "settings.json"),
	}
	if strings.HasPrefix(strings.TrimSpace(opts.SettingsFlag), "{") {
		files[config.SourceFlag] = "--settings"
	}
	var out []hook.Layer
	for _, src := range []config.Source{config.SourceManaged, config.SourceFlag, config.SourceLocal,
		config.SourceProject, config.SourceUser} {
		raw := s.Raw[src]
		if raw == nil {
			continue
		}
		l := hook.Layer{Source: string(src), File: shownPath(opts.Cwd, files[src]), Hooks: raw["hooks"],
			DisableAll: rawBool(raw["disableAllHooks"]), ManagedOnly: rawBool(raw["allowManagedHooksOnly"]),
			AllowedHTTPURLs: rawStrings(raw["allowedHttpHookUrls"]), HTTPEnvVars: rawStrings(raw["httpHookAllowedEnvVars"])}
		out = append(out, l)
	}
	if l, ok := claudeUserHooks(opts, env); ok {
		out = append(out, l)
	}
	return out
}

// shownPath is p relative to cwd when inside it.
func shownPath(cwd, p string) string {
	if rel, err := filepath.Rel(cwd, p); err == nil && filepath.IsAbs(p) && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return p
}

// rawStrings reads a list of strings; nil when absent. A value of
// another type restricts everything (an empty list): these keys only
// narrow.
func rawStrings(raw json.RawMessage) *[]string {
	if raw == nil {
		return nil
	}
	var l []string
	if json.Unmarshal(raw, &l) != nil || l == nil {
		l = []string{}
	}
	return &l
}

func rawBool(raw json.RawMessage) *bool {
	var b bool
	if raw == nil || json.Unmarshal(raw, &b) != nil {
		return nil
	}
	return &b
}

// sessionHooks builds the conversation's hooks: the settings handlers
// (run by a hookrun.Runner) combined with those a host registered. The
// returned runner (nil without settings hooks) must be closed.
func (s *setup) sessionHooks(opts Options, env environment, settings *config.Settings, described []tool.Tool) (*hook.Set, *hookrun.Runner) {
	layers := hookLayers(opts, env, settings)
	handlers, errs := hook.FromLayers(layers)
	for _, e := range errs {
		warnf(opts, "warning: %v\n", e)
	}
	var own *hook.Set
	var runner *hookrun.Runner
	s.hookConfigs = hookConfigs(handlers)
	if len(handlers) > 0 {
		events, byID := hook.Register(handlers, settingsHookPrefix)
		runner = hookrun.New(hookrun.Options{Handlers: byID, Dir: opts.Cwd, ProjectDir: opts.Cwd,
			Env: append(os.Environ(), envList(settings.Env)...), EnvFile: s.envFile,
			Shell: env.str("CLAUDE_CODE_SHELL"), Observer: newHookObserver(opts, func() string { return s.engine.SessionID }),
			Match: ifMatcher(opts.Cwd, described), Getenv: env.str, Complete: s.completeSmall,
			HTTP: hook.HTTPPolicyFromLayers(layers)})
		own = hook.New(runner, events, nil)
	}
	set := hook.Combine(s.hookCommon, own, opts.Hooks)
	set.OnMessage(hookMessage(opts))
	return set, runner
}

// hookConfigs describes handlers for /hooks.
func hookConfigs(handlers []hook.Handler) []event.HookConfig {
	out := make([]event.HookConfig, 0, len(handlers))
	for _, h := range handlers {
		out = append(out, event.HookConfig{Event: h.Event, Matcher: h.Matcher, Command: h.Name(), File: h.File})
	}
	return out
}

// hookMessage shows a hook's systemMessage to the user: on stderr, and
// as a system/informational frame in stream-json.
func hookMessage(opts Options) func(string) {
	return func(text string) {
		warnf(opts, "%s\n", text)
		if opts.Sink != nil {
			opts.Sink(event.Notice{Text: text})
		}
	}
}

// hookCommon describes the session to hooks when they fire.
func (s *setup) hookCommon() hook.Common {
	c := hook.Common{SessionID: s.engine.SessionID, Cwd: s.engine.Cwd}
	if s.gate != nil {
		c.PermissionMode = string(s.gate.Mode())
	}
	if s.cfgDir != "" && c.SessionID != "" {
		c.TranscriptPath = session.Path(s.cfgDir, s.engine.Cwd, c.SessionID)
	}
	return c
}

// envFile is the CLAUDE_ENV_FILE SessionStart hooks append exports to,
// in the session's directory ("" before the session is known).
func (s *setup) envFile() string {
	if s.engine.SessionDir == "" {
		return ""
	}
	return filepath.Join(s.engine.SessionDir, bash.EnvFileName)
}

// completeSmall asks the small model for a prompt hook.
func (s *setup) completeSmall(ctx context.Context, model, prompt string) (string, error) {
	sum := s.summary
	if model != "" {
		sum.model = s.resolve(model)
	}
	return sum.complete(ctx, prompt)
}

// ifMatcher evaluates a handler's "if" permission rule against a call:
// it matches when the rule, as a deny rule, would decide the call (so
// any subcommand of a Bash command can match). Rules are compiled once.
func ifMatcher(cwd string, described []tool.Tool) func(rule, toolName string, input json.RawMessage) bool {
	var mu sync.Mutex
	engines := map[string]*permission.Engine{}
	home, _ := homeDir()
	return func(rule, toolName string, input json.RawMessage) bool {
		mu.Lock()
		e, ok := engines[rule]
		if !ok {
			var errs []error
			e, errs = permission.New(permission.Config{Tools: described, Mode: permission.ModeDefault, WorkDirs: []string{cwd}, Home: home,
				Deny: []permission.RuleSource{{Text: rule, Source: "hook", Dir: cwd}}})
			if len(errs) > 0 {
				e = nil
			}
			engines[rule] = e
		}
		mu.Unlock()
		if e == nil {
			return true // a rule that does not parse: run the hook (fail open, as Claude Code)
		}
		d := e.Explain(toolName, input)
		return d.Behavior == tool.PermissionDeny && d.Rule != ""
	}
}

// complete asks the summarizer's model one prompt and returns its text.
func (s summarizer) complete(ctx context.Context, prompt string) (string, error) {
	req := &provider.Request{Model: s.model.ID, MaxTokens: summaryMaxTokens,
		Messages: []provider.Message{{Role: provider.RoleUser, Content: []provider.Block{provider.TextBlock(prompt)}}}}
	out, err := provider.Complete(ctx, s.provider, req, s.retry, nil)
	if err != nil {
		return "", err
	}
	s.costs.Add(s.model.ID, out.Usage)
	return out.Text, nil
}
