package cli

import (
	"slices"
	"strings"
)

// permissionModes returns the accepted --permission-mode values; "manual"
// is also accepted, as an alias of "default".
func permissionModes() []string {
	return []string{"default", "acceptEdits", "plan", "auto", "dontAsk", "bypassPermissions"}
}

const bypassMode = "bypassPermissions"

// checkPermissions resolves the permission mode and the tool rules.
// Bypassing permissions as root is refused outside a sandbox that says so
// with IS_SANDBOX=1, as Claude Code does.
func checkPermissions(f *flags, inv *invocation, e env) error {
	o := &inv.opts
	mode := f.permissionMode
	switch {
	case mode == "manual":
		mode = "default"
	case mode != "" && !slices.Contains(permissionModes(), mode):
		return choiceError("permission-mode", "mode", mode, permissionModes()...)
	}
	if f.skipPermissions {
		mode = bypassMode
	}
	if mode == bypassMode && e.geteuid() == 0 && e.getenv("IS_SANDBOX") != "1" {
		return usagef("Error: --dangerously-skip-permissions cannot be used with root/sudo " +
			"privileges for security reasons (set IS_SANDBOX=1 inside a sandbox)")
	}
	o.PermissionMode = mode
	o.AllowedTools = f.allowed
	o.DisallowedTools = f.disallowed
	if f.set("tools") && strings.TrimSpace(f.tools) != "default" {
		o.Tools, o.HasTools = splitRules(f.tools), true
		if o.Tools == nil {
			o.Tools = []string{}
		}
	}
	o.SettingsFlag = f.settings
	if f.set("setting-sources") {
		sources, err := settingSources(f.settingSources)
		if err != nil {
			return err
		}
		o.SettingSources, o.HasSettingSources = sources, true
	}
	o.AdditionalDirs = f.addDirs
	return nil
}

// settingSources parses --setting-sources: a comma-separated subset of
// user, project and local (possibly empty: none of them).
func settingSources(v string) ([]string, error) {
	var out []string
	for _, s := range strings.Split(v, ",") {
		s = strings.TrimSpace(s)
		switch s {
		case "":
		case "user", "project", "local":
			if !slices.Contains(out, s) {
				out = append(out, s)
			}
		default:
			return nil, usagef("Error: Invalid setting source: %s. Valid options are: user, project, local", s)
		}
	}
	return out, nil
}
