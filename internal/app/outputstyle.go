package app

import (
	"slices"

	"corvid/internal/config"
	"corvid/internal/outputstyle"
)

// outputStyle is the style the settings' outputStyle names (default when
// unset); an unknown name is reported and the default used.
func outputStyle(opts Options, env environment, s *config.Settings) outputstyle.Style {
	cfgDir, err := configDir(env)
	skip := func(src string) bool { return opts.HasSettingSources && !slices.Contains(opts.SettingSources, src) }
	o := outputstyle.Options{Cwd: opts.Cwd, SkipProject: skip("project")}
	if err == nil && !skip("user") {
		o.UserDir = cfgDir
	}
	set, problems := outputstyle.Load(o)
	for _, p := range problems {
		warnf(opts, "warning: output styles: %v\n", p)
	}
	def, _ := set.Lookup(outputstyle.Default)
	name, ok := rawSetting[string](s, "outputStyle")
	if !ok || name == "" {
		return def
	}
	st, found := set.Lookup(name)
	if !found {
		warnf(opts, "warning: outputStyle %q: no such output style (known: %v); the default style is used\n", name, set.Names())
		return def
	}
	return st
}
