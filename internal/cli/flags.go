package cli

import (
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"corvid/internal/version"
)

// flags holds the raw command line. Checking and converting it is
// validate's job.
type flags struct {
	print, verbose, partial bool
	outputFormat            string
	inputFormat             string

	model, fallbackModel string
	maxTurns, maxBudget  string
	maxThinking, effort  string

	systemPrompt, systemPromptFile             string
	appendSystemPrompt, appendSystemPromptFile string

	permissionMode       string
	skipPermissions      bool
	allowed, disallowed  []string
	tools                string
	settings             string
	settingSources       string
	addDirs              []string
	debug                string
	continueLast         bool
	resume               string
	sessionID            string
	noPersistence        bool
	forkSession          bool
	mcpConfig            []string
	permissionPromptTool string

	// set reports whether a flag was given on the command line; value
	// returns a flag's value as text.
	set   func(name string) bool
	value func(name string) string
}

// debugAll is the value of a bare --debug.
const debugAll = "all"

// resumePicker is the value of a bare --resume (Claude Code opens a
// session picker).
const resumePicker = "(picker)"

func (f *flags) define(fs *pflag.FlagSet) {
	fs.SortFlags = false
	fs.BoolVarP(&f.print, "print", "p", false, "Print the response and exit (headless mode)")
	fs.StringVar(&f.outputFormat, "output-format", "text",
		"Output `format` with --print: text, json (one result) or stream-json (NDJSON frames)")
	fs.StringVar(&f.inputFormat, "input-format", "text",
		"Input `format`: text, or stream-json (NDJSON messages and control requests on stdin: the Agent SDK's protocol; headless without -p)")
	fs.BoolVar(&f.verbose, "verbose", false, "Report every message (required by --output-format=stream-json)")
	fs.BoolVar(&f.partial, "include-partial-messages", false,
		"Also emit raw streaming events (needs --print and --output-format=stream-json)")
	fs.StringVar(&f.model, "model", "", "The `model` to use: an alias (sonnet, opus, haiku) or a full id")
	fs.StringVar(&f.fallbackModel, "fallback-model", "",
		"Comma-separated `models` to try when the main model is overloaded (--print)")
	fs.StringVar(&f.maxTurns, "max-turns", "", "Stop after `N` agentic turns (--print)")
	fs.StringVar(&f.maxBudget, "max-budget-usd", "", "Stop once the estimated spend reaches `USD` dollars (--print)")
	f.defineThinking(fs)
	f.definePrompts(fs)
	f.definePermissions(fs)
	f.defineSession(fs)
	f.defineSDK(fs)
}

func (f *flags) definePrompts(fs *pflag.FlagSet) {
	fs.StringVar(&f.systemPrompt, "system-prompt", "", "Replace the default system prompt with `text`")
	fs.StringVar(&f.systemPromptFile, "system-prompt-file", "", "Replace the default system prompt with the contents of `file`")
	fs.StringVar(&f.appendSystemPrompt, "append-system-prompt", "", "Append `text` to the system prompt")
	fs.StringVar(&f.appendSystemPromptFile, "append-system-prompt-file", "", "Append the contents of `file` to the system prompt")
}

func (f *flags) definePermissions(fs *pflag.FlagSet) {
	fs.StringVar(&f.permissionMode, "permission-mode", "",
		"Permission `mode`: default, acceptEdits, plan, auto, dontAsk or bypassPermissions")
	fs.BoolVar(&f.skipPermissions, "dangerously-skip-permissions", false,
		"Skip every permission check (= --permission-mode bypassPermissions)")
	allowed, disallowed := ruleList{&f.allowed}, ruleList{&f.disallowed}
	fs.Var(allowed, "allowedTools", `Tool rules to allow, comma- or space-separated (e.g. "Bash(git log *) Edit")`)
	fs.Var(allowed, "allowed-tools", "Same as --allowedTools")
	fs.Var(disallowed, "disallowedTools", `Tool rules to deny, comma- or space-separated (e.g. "Bash(rm *)")`)
	fs.Var(disallowed, "disallowed-tools", "Same as --disallowedTools")
	fs.StringVar(&f.tools, "tools", "", "Built-in `tools` to offer: \"\" for none, \"default\" for all, or \"Bash,Edit,Read\"")
	fs.StringVar(&f.settings, "settings", "", "Extra settings: a JSON `file or string`")
	fs.StringVar(&f.settingSources, "setting-sources", "",
		"Comma-separated setting `sources` to load: user, project, local (managed and --settings always load)")
	fs.StringArrayVar(&f.addDirs, "add-dir", nil, "Another `directory` tools may work in (repeatable)")
	fs.StringVar(&f.permissionPromptTool, "permission-prompt-tool", "",
		"\"stdio\": permission prompts go to the SDK host as can_use_tool requests (with --input-format stream-json); MCP `tool`s are not supported yet")
}

func (f *flags) defineSession(fs *pflag.FlagSet) {
	fs.StringVarP(&f.debug, "debug", "d", "",
		"Debug logging on stderr, optionally limited to a `filter` of categories: api (each API request attempt), "+
			"hooks (each settings hook run), permissions (each permission decision); e.g. --debug=api or --debug=!api")
	fs.Lookup("debug").NoOptDefVal = debugAll
	fs.BoolVarP(&f.continueLast, "continue", "c", false, "Continue the most recent conversation in this directory")
	fs.StringVarP(&f.resume, "resume", "r", "",
		"Resume the conversation with this session `id` (or a unique prefix of at least 8 characters); alone, list this directory's conversations")
	fs.Lookup("resume").NoOptDefVal = resumePicker
	fs.StringVar(&f.sessionID, "session-id", "", "Session `uuid` for the new conversation")
	fs.BoolVar(&f.noPersistence, "no-session-persistence", false, "Do not save the conversation (--print)")
	fs.BoolVar(&f.forkSession, "fork-session", false,
		"With --continue or --resume, save the continued conversation under a new session id")
	fs.StringArrayVar(&f.mcpConfig, "mcp-config", nil, "MCP servers from a JSON `file or string` ({\"mcpServers\":{…}}; repeatable)")
}

// newRoot returns the root command. run is called with the positional
// arguments once the flags parsed; it is not called for --help and
// --version.
func newRoot(f *flags, run func(args []string)) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "corvid [flags] [prompt]",
		Short: "corvid: an agentic coding assistant for the terminal",
		Long: "corvid runs an agentic coding session, compatible with Claude Code's command line.\n\n" +
			"With -p it runs the prompt (the argument, piped stdin, or both) to completion,\n" +
			"prints the result and exits. Without -p, on a terminal, it starts the interactive interface (corvid-tui).",
		Args:              cobra.ArbitraryArgs,
		SilenceErrors:     true,
		SilenceUsage:      true,
		Version:           version.String(),
		CompletionOptions: cobra.CompletionOptions{DisableDefaultCmd: true},
		Run:               func(_ *cobra.Command, args []string) { run(args) },
	}
	cmd.SetVersionTemplate("{{.Version}}\n")
	f.define(cmd.Flags())
	f.set = func(name string) bool { return cmd.Flags().Changed(name) }
	f.value = func(name string) string {
		if fl := cmd.Flags().Lookup(name); fl != nil {
			return fl.Value.String()
		}
		return ""
	}
	return cmd
}
