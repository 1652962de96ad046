package app

import (
	"os"
	"path/filepath"

	"corvid/internal/config"
	"corvid/internal/doctor"
	"corvid/internal/session"
	"corvid/internal/workspace"
)

// Inspect resolves opts as configure would, for corvid doctor, without
// running or writing anything.
func Inspect(opts Options) doctor.Setup {
	env := environment(opts.Getenv)
	var s doctor.Setup
	s.ConfigDir, s.ConfigDirErr = configDir(env)
	s.ManagedDir = managedDir(env)
	s.Getenv = env.str
	if s.ConfigDirErr == nil {
		s.SessionDir = session.ProjectDir(s.ConfigDir, opts.Cwd)
		s.Trusted, s.TrustErr = trustStore(s.ConfigDir).Trusted(opts.Cwd)
	}
	s.SettingsFiles = settingsFiles(opts, s.ConfigDir, s.ManagedDir)
	s.Settings, s.Problems, s.Withheld, s.SettingsErr = config.Load(config.Options{Cwd: opts.Cwd,
		ConfigDir: s.ConfigDir, ManagedDir: s.ManagedDir, FlagSettings: opts.SettingsFlag, Trusted: s.Trusted})
	if s.Settings != nil {
		s.Getenv = withSettingsEnv(env, s.Settings).str
		s.Model, _, s.ModelErr = models(opts, withSettingsEnv(env, s.Settings), s.Settings)
	} else {
		s.Model, _, s.ModelErr = models(opts, env, &config.Settings{})
	}
	if !env.bool("CLAUDE_CODE_DISABLE_CLAUDE_MDS") {
		s.Instructions, s.InstructionProblem = workspace.Load(workspaceOptions(opts, env))
	}
	return s
}

// settingsFiles lists the settings files of the standard layers that
// exist (the managed drop-in directory's files included).
func settingsFiles(opts Options, cfgDir, managed string) []string {
	var candidates []string
	if cfgDir != "" {
		candidates = append(candidates, filepath.Join(cfgDir, "settings.json"))
	}
	candidates = append(candidates, filepath.Join(opts.Cwd, ".claude", "settings.json"),
		config.LocalSettingsPath(opts.Cwd), filepath.Join(managed, "managed-settings.json"))
	dropIns, _ := filepath.Glob(filepath.Join(managed, "managed-settings.d", "*.json"))
	candidates = append(candidates, dropIns...)
	var out []string
	for _, p := range candidates {
		if fileExists(p) {
			out = append(out, p)
		}
	}
	return out
}

func fileExists(p string) bool {
	info, err := os.Stat(p)
	return err == nil && info.Mode().IsRegular()
}
