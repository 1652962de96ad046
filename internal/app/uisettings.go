package app

import "corvid/internal/config"

// LoadSettings loads the merged settings as a run with opts would see
// them (trust as the trust list says now, --settings, --setting-sources)
// and the notices of what an untrusted repository's files were denied,
// writing no warnings: the interactive interface reads the keys it uses
// itself (statusLine, preferredNotifChannel) with it. An unreadable
// trust list reads as untrusted (fail closed).
func LoadSettings(opts Options) (*config.Settings, []config.Notice, error) {
	env := environment(opts.Getenv)
	cfgDir, err := configDir(env)
	if err != nil {
		return nil, nil, err
	}
	trusted, err := trustStore(cfgDir).Trusted(opts.Cwd)
	if err != nil {
		trusted = false
	}
	s, _, notices, err := config.Load(configOptions(opts, env, cfgDir, trusted))
	if err != nil {
		return nil, nil, err
	}
	return s, notices, nil
}
