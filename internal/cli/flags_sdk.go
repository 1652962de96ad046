package cli

import (
	"encoding/json"
	"strings"

	"corvid/internal/tools/mcptool"

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
	{name: "include-hook-events", usage: "Emit system/hook_started and hook_response frames around settings hooks (SDK callbacks have none)", bool: true},
	{name: "replay-user-messages", usage: "Echo user messages from stdin back on stdout (stream-json input and output)", bool: true},
	{name: "allow-dangerously-skip-permissions", usage: "Allow switching to bypassPermissions later", bool: true},
	{name: "strict-mcp-config", usage: "Use only the --mcp-config servers (ignore .mcp.json and the user and local scopes)", bool: true},
	{name: "plugin-dir", usage: "Plugin `directory` (accepted; plugins are not supported yet)", repeat: true},
	{name: "agents", usage: "Sub-agent definitions as `JSON`: {\"name\": {\"description\": …, \"prompt\": …, \"tools\": […]}}"},
	{name: "agent", usage: "Agent `name` for the session (not supported yet)"},
	{name: "betas", usage: "Beta `headers` to send (accepted; not used yet)"},
	{name: "debug-file", usage: "Write debug logs to `file` (accepted; not used yet)"},
}

// sdkUnsupported are the sdkFlags that change nothing yet and deserve a
// warning when given.
// --include-hook-events is not among them: it frames settings hooks
// (Claude Code 2.1.332 writes none for SDK callback hooks either).
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
		// An MCP tool answers the questions; a value that names none would
		// change who approves tool calls: refused, not ignored.
		if _, err := mcptool.NewPromptTool(tool); err != nil {
			return usagef("Error: %v", err)
		}
		inv.opts.PermissionPromptTool = tool
	}
	return nil
}
