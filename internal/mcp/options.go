package mcp

import "time"

// Defaults of Options.
const (
	DefaultStartTimeout = 30 * time.Second
	// maxBackoff bounds the wait between reconnection attempts.
	maxBackoff = 30 * time.Second
)

// Options are what every server connection of a session shares.
type Options struct {
	// ProjectDir is the session's project root (CLAUDE_PROJECT_DIR).
	ProjectDir string
	// Environ is the base environment of stdio servers (KEY=VALUE).
	Environ []string
	// Getenv resolves ${VAR} in server entries.
	Getenv func(string) (string, bool)
	// LogDir receives one <server>.log per stdio server ("" : discard).
	LogDir string
	// StartTimeout bounds connecting (initialize and the first tools/list)
	// unless an entry sets its own timeout; 0 = DefaultStartTimeout.
	StartTimeout time.Duration
	// Version is corvid's version, sent as the client's.
	Version string
	// Warn receives problems that do not stop a server (missing
	// variables, tools left out). Optional.
	Warn func(server string, err error)
	// SDK serves the servers of type "sdk" (an Agent SDK host's
	// in-process servers); nil: they fail with ErrNoSDKHost.
	SDK SDKBridge
	// Changed is called after a server's tool list may have changed: it
	// connected (the first time or again) or said tools/list_changed and
	// was listed again. It is called from the connection's goroutines,
	// never with a lock held. Optional.
	Changed func(server string)
	// ConfigDir is corvid's config dir, where `corvid mcp login` stores
	// HTTP servers' OAuth tokens ("" : no OAuth tokens are sent).
	ConfigDir string
}

func (o *Options) startTimeout(s Server) time.Duration {
	if s.Config.Timeout > 0 {
		return time.Duration(s.Config.Timeout) * time.Millisecond
	}
	if o.StartTimeout > 0 {
		return o.StartTimeout
	}
	return DefaultStartTimeout
}

func (o *Options) warn(server string, err error) {
	if o.Warn != nil {
		o.Warn(server, err)
	}
}

// backoff is the wait before reconnection attempt n (n ≥ 1 failures).
func backoff(n int) time.Duration {
	d := time.Second << min(n-1, 5)
	return min(d, maxBackoff)
}
