package config

import (
	"encoding/json"
	"slices"
)

// grant is a top-level key a repository file may only set once the user
// trusts the directory, with the name its notice uses.
type grant struct{ key, label string }

// repoGrants are the top-level keys that run commands or change the
// environment: from an untrusted repository they are withheld.
func repoGrants() []grant {
	return []grant{
		{"env", "env"},
		{"hooks", "hooks"},
		{"mcpServers", "MCP servers"},
		{"enableAllProjectMcpServers", "MCP servers"},
		{"enabledMcpjsonServers", "MCP servers"},
		{"statusLine", "statusLine"},
		{"fileSuggestion", "fileSuggestion"},
		{"apiKeyHelper", "credential helpers"},
		{"awsCredentialExport", "credential helpers"},
		{"awsAuthRefresh", "credential helpers"},
		{"gcpAuthRefresh", "credential helpers"},
		{"otelHeadersHelper", "credential helpers"},
		{"proxyAuthHelper", "credential helpers"},
		{"enabledPlugins", "plugins"},
		{"extraKnownMarketplaces", "plugins"},
	}
}

// permissionGrants are the permissions keys withheld from an untrusted
// repository; deny and ask always apply.
func permissionGrants() []string {
	return []string{"allow", "defaultMode", "additionalDirectories"}
}

// inRepository reports whether a layer's files live inside the working
// tree, and so wait for workspace trust.
func inRepository(s Source) bool {
	return s == SourceProject || s == SourceLocal
}

// withhold strips what an untrusted repository file may not grant and
// returns the names of what it stripped, in a stable order.
func (fs *fileSettings) withhold() []string {
	var labels []string
	add := func(l string) {
		if !slices.Contains(labels, l) {
			labels = append(labels, l)
		}
	}
	if fs.withholdPermissions() {
		if len(fs.allow) > 0 {
			add("allow rules")
		}
		if fs.defaultMode != "" {
			add("defaultMode")
		}
		if len(fs.addDirs) > 0 {
			add("additionalDirectories")
		}
	}
	fs.allow, fs.defaultMode, fs.addDirs, fs.env = nil, "", nil, nil
	for _, g := range repoGrants() {
		if _, ok := fs.raw[g.key]; ok {
			delete(fs.raw, g.key)
			add(g.label)
		}
	}
	return labels
}

// withholdPermissions removes the granting keys from the raw permissions
// object (all of it when it is not an object); it reports whether there
// was an object.
func (fs *fileSettings) withholdPermissions() bool {
	raw, ok := fs.raw["permissions"]
	if !ok {
		return false
	}
	var perms map[string]json.RawMessage
	if json.Unmarshal(raw, &perms) != nil || perms == nil {
		delete(fs.raw, "permissions")
		return false
	}
	for _, k := range permissionGrants() {
		delete(perms, k)
	}
	if data, err := json.Marshal(perms); err == nil {
		fs.raw["permissions"] = data
	}
	return true
}
