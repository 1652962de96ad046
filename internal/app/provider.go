package app

import (
	"corvid/internal/config"
	"fmt"
	"strconv"

	"corvid/internal/model"
	"corvid/internal/provider"
	"corvid/internal/provider/anthropic"
	"corvid/internal/version"
)

// newProvider builds the Anthropic client from the environment and says
// where its credentials came from (system/init's apiKeySource).
func newProvider(env environment) (provider.Provider, string, error) {
	cfg := anthropic.ConfigFromEnv(env.str) // env.str tolerates a nil Getenv
	cfg.UserAgent = fmt.Sprintf("corvid/%s (external, %s)", version.Corvid, entrypoint(env))
	cfg.DeviceID = deviceID(env)
	client, err := anthropic.New(cfg)
	if err != nil {
		return nil, "", err
	}
	source := "none"
	if cfg.APIKey != "" {
		source = "ANTHROPIC_API_KEY"
	}
	return client, source, nil
}

// retryPolicy honours CORVID_MAX_RETRIES, then Claude Code's
// CLAUDE_CODE_MAX_RETRIES; "0" disables retries.
func retryPolicy(env environment) provider.RetryPolicy {
	v := env.first("CORVID_MAX_RETRIES", "CLAUDE_CODE_MAX_RETRIES")
	n, err := strconv.Atoi(v)
	switch {
	case err != nil:
		return provider.RetryPolicy{}
	case n <= 0:
		return provider.RetryPolicy{MaxRetries: -1}
	}
	return provider.RetryPolicy{MaxRetries: n}
}

// resolver resolves model names and aliases, honouring the
// ANTHROPIC_DEFAULT_*_MODEL alias overrides.
func resolver(env environment) model.Resolver {
	r := model.Resolver{Overrides: map[string]string{}}
	for alias, name := range map[string]string{"opus": "ANTHROPIC_DEFAULT_OPUS_MODEL",
		"sonnet": "ANTHROPIC_DEFAULT_SONNET_MODEL", "haiku": "ANTHROPIC_DEFAULT_HAIKU_MODEL"} {
		if v := env.str(name); v != "" {
			r.Overrides[alias] = v
		}
	}
	return r
}

// models resolves --model (or ANTHROPIC_MODEL, or the default) and the
// fallback chain, honouring ANTHROPIC_DEFAULT_*_MODEL alias overrides.
func models(opts Options, env environment, s *config.Settings) (model.Info, []model.Info, error) {
	r := resolver(env)
	name := opts.Model
	if name == "" {
		name = env.first("ANTHROPIC_MODEL")
	}
	if name == "" {
		name = s.Model
	}
	if name == "" {
		name = model.DefaultID
	}
	main := r.Resolve(name)
	var fallbacks []model.Info
	chain := opts.FallbackModels
	if len(chain) == 0 {
		chain = s.FallbackModel
	}
	for _, f := range chain {
		info := r.Resolve(f)
		if info.ID == main.ID {
			return model.Info{}, nil, fmt.Errorf("fallback model %q is the same as the main model (%s)", f, main.ID)
		}
		fallbacks = append(fallbacks, info)
	}
	return main, fallbacks, nil
}
