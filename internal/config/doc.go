// Package config reads corvid's settings files — the same
// .claude/settings.json format Claude Code users already keep — and
// layers them into one Settings value.
//
// The layers, strongest first:
//
//	managed  <ManagedDir>/managed-settings.json, then managed-settings.d/*.json
//	flag     --settings FILE or --settings '{…}'
//	local    <repo root or cwd>/.claude/settings.local.json
//	project  <cwd>/.claude/settings.json
//	user     <ConfigDir>/settings.json
//
// Files are JSON with comments and trailing commas. Load fails closed: a
// file that cannot be read, is over MaxSettingsSize, does not parse, or
// has a policy key (permissions, deny, ask, defaultMode,
// disableBypassPermissionsMode) of the wrong type or written twice fails
// the load with a *LoadError naming every such file, since its deny and
// ask rules are unknown; a missing file is absent (except --settings).
// Another known key of the wrong type (allow, env, model…) is reported
// as a Problem and only that key is skipped, which can only narrow what
// is allowed. Files over MaxFileSize are parsed without a syntax tree
// (lean.go) to bound memory. Options.Without leaves out user, project or
// local files the user chose to go on without. Scalars come from
// the strongest layer that sets them; permission arrays are concatenated
// (strongest layer first) and de-duplicated, and every rule remembers the
// layer and file it came from.
//
// Each rule also carries Dir, the base for Claude Code's "/x" path anchor
// ("relative to the settings source"):
//
//	project, local  the project root (the directory holding .claude/)
//	user            the config directory
//	flag file       the file's directory
//	flag JSON, cli  the working directory
//	managed         the managed directory (drop-ins included)
//
// Workspace trust: unless Options.Trusted, the files inside the
// repository (project and local) cannot grant power — their allow rules,
// defaultMode, additionalDirectories, env, hooks, MCP approvals and
// command-running keys are dropped with a Notice, while their deny and
// ask rules apply. TrustStore records which directories the user trusts.
//
// AddRule writes an "always allow" answer back into a settings file,
// keeping its comments and layout.
//
// The package imports no other corvid package except atomicfile; the
// composition root converts its plain types for the permission engine.
package config
