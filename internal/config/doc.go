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
// Files are JSON with comments and trailing commas. A file that does not
// parse is reported as a Problem and skipped whole; a known key of the
// wrong type is reported and only that key is skipped. Scalars come from
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
