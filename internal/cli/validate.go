package cli

import (
	"strings"

	"corvid/internal/app"
	"corvid/internal/sdk"
)

// invocation is a checked print-mode command line.
type invocation struct {
	format  sdk.Format
	verbose bool
	// arg is the prompt argument; hasArg tells an empty one from none.
	arg    string
	hasArg bool
	// opts is filled except for Prompt and the run's plumbing (Cwd,
	// Getenv, Stderr, Sink).
	opts     app.Options
	warnings []string
	// listSessions is a bare --resume: list the conversations, run nothing.
	listSessions bool
	// streamInput serves the Agent SDK protocol on stdin
	// (--input-format stream-json); promptTool sends permission prompts
	// to the host (--permission-prompt-tool stdio).
	streamInput, promptTool bool
	// replay echoes the host's user messages (--replay-user-messages).
	replay bool
	// interactive starts the terminal interface (no -p, on a terminal);
	// allowBypass lets it switch to bypassPermissions.
	interactive, allowBypass bool
}

// env is what validation may consult besides the flags.
type env struct {
	getenv  func(string) string
	geteuid func() int
	// terminal reports whether stdin and stdout are terminals (the
	// interactive interface needs both).
	terminal func() bool
}

// validate checks the command line as Claude Code does and converts it.
// Its errors are usageErrors.
func validate(f *flags, args []string, e env) (*invocation, error) {
	if len(args) > 1 {
		return nil, usagef("error: too many arguments. Expected 1 argument but got %d.", len(args))
	}
	inv := &invocation{verbose: f.verbose}
	if !f.print && f.inputFormat != "stream-json" {
		if e.terminal == nil || !e.terminal() {
			return nil, usagef("Error: The interactive interface needs a terminal on stdin and stdout. " +
				"Use -p/--print to run a prompt headless (see corvid --help).")
		}
		inv.interactive = true
		inv.allowBypass = f.skipPermissions || f.set("allow-dangerously-skip-permissions")
	}
	if len(args) == 1 {
		inv.arg, inv.hasArg = args[0], true
	}
	for _, check := range []func(*flags, *invocation, env) error{
		checkIO, checkLimits, checkThinking, checkSystemPrompts, checkPermissions, checkSession, checkSDK,
	} {
		if err := check(f, inv, e); err != nil {
			return nil, err
		}
	}
	return inv, nil
}

// choiceError is commander's message for a value outside a flag's choices.
func choiceError(flag, arg, value string, choices ...string) error {
	return usagef("error: option '--%s <%s>' argument '%s' is invalid. Allowed choices are %s.",
		flag, arg, value, strings.Join(choices, ", "))
}

// checkIO checks the input and output formats and the flags that go with
// them.
func checkIO(f *flags, inv *invocation, _ env) error {
	format, err := sdk.ParseFormat(f.outputFormat)
	if err != nil {
		return choiceError("output-format", "format", f.outputFormat, "text", "json", "stream-json")
	}
	inv.format = format
	switch f.inputFormat {
	case "text":
	case "stream-json":
		if format != sdk.FormatStreamJSON {
			return usagef("Error: --input-format=stream-json requires output-format=stream-json.")
		}
		inv.streamInput = true
	default:
		return choiceError("input-format", "format", f.inputFormat, "text", "stream-json")
	}
	if format == sdk.FormatStreamJSON && !f.verbose {
		return usagef("Error: When using --print, --output-format=stream-json requires --verbose")
	}
	if f.partial && format != sdk.FormatStreamJSON {
		return usagef("Error: --include-partial-messages requires --print and --output-format=stream-json")
	}
	inv.opts.PartialMessages = f.partial
	inv.opts.IncludeHookEvents = f.set("include-hook-events") && f.value("include-hook-events") == "true"
	return nil
}
