package hook

import (
	"encoding/json"
	"fmt"
	"time"
)

// Handler types a settings file may name.
const (
	TypeCommand = "command"
	TypeHTTP    = "http"
	TypePrompt  = "prompt"
)

// PromptTimeout is a prompt handler's timeout when it names none.
const PromptTimeout = 30 * time.Second

// Handler is one hook handler from a settings file, as written there,
// plus where it came from.
type Handler struct {
	Type string `json:"type"`
	// Command is the shell string of a command handler; Args its exec
	// form (no shell), used when Command is empty.
	Command string   `json:"command,omitempty"`
	Args    []string `json:"args,omitempty"`
	// Timeout is in seconds (0: the default for the type).
	Timeout       float64 `json:"timeout,omitempty"`
	Async         bool    `json:"async,omitempty"`
	StatusMessage string  `json:"statusMessage,omitempty"`
	Once          bool    `json:"once,omitempty"`
	// If is a permission rule ("Bash(git *)"): the handler runs only for
	// tool calls it matches.
	If string `json:"if,omitempty"`

	URL            string            `json:"url,omitempty"`
	Headers        map[string]string `json:"headers,omitempty"`
	AllowedEnvVars []string          `json:"allowedEnvVars,omitempty"`

	Prompt string `json:"prompt,omitempty"`
	Model  string `json:"model,omitempty"`

	// Event and Matcher say when it runs; File is the settings file it
	// came from (for messages), Source that file's layer.
	Event   string `json:"-"`
	Matcher string `json:"-"`
	File    string `json:"-"`
	Source  string `json:"-"`
}

// Name is how messages name the handler: its command, URL or prompt,
// shortened.
func (h Handler) Name() string {
	var s string
	switch {
	case h.Command != "":
		s = h.Command
	case len(h.Args) > 0:
		b, _ := json.Marshal(h.Args)
		s = string(b)
	case h.URL != "":
		s = h.URL
	default:
		s = h.Prompt
	}
	if r := []rune(s); len(r) > 80 {
		s = string(r[:79]) + "…"
	}
	return s
}

// Label names the handler with its event and file, for messages:
// `PreToolUse hook "./check.sh" (from .claude/settings.json)`.
func (h Handler) Label() string {
	return fmt.Sprintf("%s hook %q (from %s)", h.Event, h.Name(), h.File)
}

// TimeoutOrDefault is the handler's timeout.
func (h Handler) TimeoutOrDefault() time.Duration {
	if h.Timeout > 0 {
		return time.Duration(h.Timeout * float64(time.Second))
	}
	if h.Type == TypePrompt {
		return PromptTimeout
	}
	return DefaultTimeout
}

// key identifies identical handlers: the same event, matcher and
// handler fields, wherever they were written.
func (h Handler) key() string {
	b, _ := json.Marshal(h)
	return h.Event + "\x00" + h.Matcher + "\x00" + string(b)
}

// check reports what makes a handler unusable.
func (h Handler) check() error {
	switch h.Type {
	case TypeCommand:
		if h.Command == "" && len(h.Args) == 0 {
			return fmt.Errorf("a command hook needs \"command\" or \"args\"")
		}
	case TypeHTTP:
		if h.URL == "" {
			return fmt.Errorf("an http hook needs \"url\"")
		}
	case TypePrompt:
		if h.Prompt == "" {
			return fmt.Errorf("a prompt hook needs \"prompt\"")
		}
	case "":
		return fmt.Errorf("the handler has no \"type\"")
	default:
		return fmt.Errorf("handler type %q is not supported (command, http, prompt)", h.Type)
	}
	if h.Timeout < 0 {
		return fmt.Errorf("timeout %v is negative", h.Timeout)
	}
	return nil
}
