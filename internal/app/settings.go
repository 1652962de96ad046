package app

import (
	"slices"
	"strings"

	"corvid/internal/config"
	"corvid/internal/permission"
	"corvid/internal/tool"
)

// loadSettings loads the settings layers for a run, reporting skipped
// keys and withheld repository settings on stderr. A file that fails to
// load stops the run: the error (a *config.LoadError) names each file.
// The TUI may instead offer to go on without the files it may skip
// (LoadError.Skippable) by loading again with them in Options.Without.
func loadSettings(opts Options, env environment) (*config.Settings, error) {
	cfgDir, err := configDir(env)
	if err != nil {
		return nil, err
	}
	trusted, err := trustStore(cfgDir).Trusted(opts.Cwd)
	if err != nil {
		warnf(opts, "warning: reading the trust list: %v (treating %s as untrusted)\n", err, opts.Cwd)
	}
	s, problems, notices, err := config.Load(configOptions(opts, env, cfgDir, trusted))
	for _, p := range problems {
		warnf(opts, "warning: settings: %v\n", p)
	}
	if err != nil {
		return nil, err
	}
	for _, n := range notices {
		warnf(opts, "notice: %s\n", n.String())
	}
	return s, nil
}

// configOptions says where a run's settings layers are.
func configOptions(opts Options, env environment, cfgDir string, trusted bool) config.Options {
	var sources []config.Source
	if opts.HasSettingSources {
		sources = []config.Source{}
		for _, s := range opts.SettingSources {
			sources = append(sources, config.Source(s))
		}
	}
	return config.Options{Cwd: opts.Cwd, ConfigDir: cfgDir, ManagedDir: managedDir(env),
		FlagSettings: opts.SettingsFlag, Sources: sources, Trusted: trusted}
}

// managedDir holds the administrator's files (managed settings and
// CLAUDE.md): CORVID_MANAGED_DIR, else config.DefaultManagedDir.
func managedDir(env environment) string {
	if d := env.str("CORVID_MANAGED_DIR"); d != "" {
		return d
	}
	return config.DefaultManagedDir
}

// withSettingsEnv layers the settings' env on top of the process's.
func withSettingsEnv(env environment, s *config.Settings) environment {
	if len(s.Env) == 0 {
		return env
	}
	return func(k string) string {
		if v, ok := s.Env[k]; ok {
			return v
		}
		return env.str(k)
	}
}

// permissionConfig turns settings and flags into the rule engine's input.
func permissionConfig(opts Options, s *config.Settings, mode permission.Mode, tools []tool.Tool) permission.Config {
	cli := func(rules []string) []permission.RuleSource {
		var out []permission.RuleSource
		for _, r := range rules {
			if r = strings.TrimSpace(r); r != "" {
				out = append(out, permission.RuleSource{Text: r, Source: permission.SourceCLI, Dir: opts.Cwd})
			}
		}
		return out
	}
	var added []string
	for _, d := range s.AdditionalDirectories {
		added = append(added, d.Text)
	}
	home, _ := homeDir()
	local := config.LocalSettingsPath(opts.Cwd)
	return permission.Config{
		Mode:     mode,
		Allow:    append(rulesOf(s.Allow), cli(opts.AllowedTools)...),
		Deny:     append(rulesOf(s.Deny), cli(opts.DisallowedTools)...),
		Ask:      rulesOf(s.Ask),
		WorkDirs: workDirs(opts.Cwd, append(slices.Clone(opts.AdditionalDirs), added...)),
		Home:     home, BypassDisabled: s.DisableBypassPermissionsMode,
		Persist: func(rule string) error { return config.AddRule(local, "allow", rule) },
		Asker:   opts.Asker,
		// Every engine judges tools by their own descriptions: without
		// them each tool would be unknown and rules naming it ignored.
		Tools: tools,
	}
}

func rulesOf(rs []config.Rule) []permission.RuleSource {
	out := make([]permission.RuleSource, 0, len(rs))
	for _, r := range rs {
		out = append(out, permission.RuleSource{Text: r.Text, Source: string(r.Source), File: r.File, Dir: r.Dir})
	}
	return out
}

// permissionMode is --permission-mode, else the settings' defaultMode,
// else default.
func permissionMode(opts Options, s *config.Settings) (permission.Mode, error) {
	if opts.PermissionMode != "" {
		return permission.ParseMode(opts.PermissionMode)
	}
	return permission.ParseMode(s.DefaultMode)
}

// hiddenTools are the tools a bare-name deny rule removes from the
// model's view ("*" removes every tool).
func hiddenTools(deny []permission.RuleSource, tools []tool.Tool) []string {
	var out []string
	for _, r := range deny {
		name := strings.TrimSuffix(strings.TrimSpace(r.Text), "(*)")
		switch {
		case name == "*":
			for _, t := range tools {
				out = append(out, t.Name())
			}
		case !strings.ContainsAny(name, "(*"):
			out = append(out, name)
		}
	}
	return out
}
