package event

// HookConfig is one configured settings hook, as /hooks lists it.
type HookConfig struct {
	Event   string
	Matcher string // "" matches everything
	// Command is what runs: the command, URL or prompt, shortened.
	Command string
	// File is the settings file it came from.
	File string
}
