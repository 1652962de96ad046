package cli

import (
	"encoding/json"
	"strings"

	"github.com/spf13/pflag"
)

// sdkFlags are flags the Agent SDKs pass that corvid accepts; those it
// does not act on yet produce a warning (see sdkWarnings). A flag another
// part of the command line already defines is left to it.
var sdkFlags = []struct {
	name, usage string
	bool        bool
	repeat      bool
}{
	{name: "thinking", usage: "Thinking `mode`: adaptive, enabled or disabled (accepted; corvid decides)"},
	{name: "effort", usage: "Effort `level` (accepted; not used yet)"},
	{name: "json-schema", usage: "JSON `schema` (an object) the final answer must match: result.structured_output"},
	{name: "include-hook-events", usage: "Emit system/hook_* frames for command hooks (corvid runs none yet; SDK callbacks have none)", bool: true},
	{name: "replay-user-messages", usage: "Echo user messages from stdin back on stdout (stream-json input and output)", bool: true},
	{name: "allow-dangerously-skip-permissions", usage: "Allow switching to bypassPermissions later", bool: true},
	{name: "strict-mcp-config", usage: "Use only --mcp-config servers (accepted; no MCP yet)", bool: true},
	{name: "plugin-dir", usage: "Plugin `directory` (accepted; plugins are not supported yet)", repeat: true},
	{name: "agents", usage: "Sub-agent definitions as `JSON`: {\"name\": {\"description\": …, \"prompt\": …, \"tools\": […]}}"},
	{name: "agent", usage: "Agent `name` for the session (not supported yet)"},
	{name: "betas", usage: "Beta `headers` to send (accepted; not used yet)"},
	{name: "debug-file", usage: "Write debug logs to `file` (accepted; not used yet)"},
}

// sdkUnsupported are the sdkFlags that change nothing yet and deserve a
// warning when given.
// --include-hook-events is not among them: Claude Code writes hook frames
// for command hooks only (2.1.332 writes none for SDK callback hooks), and
// corvid runs no command hooks yet, so it has nothing to add.
var sdkUnsupported = []string{"plugin-dir", "agent"}

func (f *flags) defineSDK(fs *pflag.FlagSet) {
	for _, d := range sdkFlags {
		if fs.Lookup(d.name) != nil {
			continue
		}
		switch {
		case d.bool:
			fs.Bool(d.name, false, d.usage)
		case d.repeat:
			fs.StringArray(d.name, nil, d.usage)
		default:
			fs.String(d.name, "", d.usage)
		}
	}
}

// checkSDK converts the SDK flags corvid acts on and warns about the
// others.
func checkSDK(f *flags, inv *invocation, _ env) error {
	if f.set("json-schema") {
		schema := strings.TrimSpace(f.value("json-schema"))
		if !json.Valid([]byte(schema)) {
			return usagef("Error: --json-schema is not valid JSON")
		}
		inv.opts.JSONSchema = json.RawMessage(schema)
	}
	if f.set("replay-user-messages") && f.value("replay-user-messages") == "true" {
		if !inv.streamInput {
			return usagef("Error: --replay-user-messages requires both --input-format=stream-json and --output-format=stream-json.")
		}
		inv.replay = true
	}
	if f.set("agents") {
		inv.opts.AgentsJSON = f.value("agents")
	}
	for _, name := range sdkUnsupported {
		if f.set(name) {
			inv.warnings = append(inv.warnings, "Warning: --"+name+" is not supported yet; it is ignored")
		}
	}
	switch tool := strings.TrimSpace(f.permissionPromptTool); {
	case tool == "":
	case tool == "stdio" && inv.streamInput:
		inv.promptTool = true
	case tool == "stdio":
		return usagef("Error: --permission-prompt-tool stdio requires --input-format=stream-json")
	default:
		// It would change who approves tool calls: refused, not ignored.
		return usagef("Error: --permission-prompt-tool %s is not supported yet (only stdio)", tool)
	}
	return nil
}
