package config

import "encoding/json"

// Source names a settings layer (Claude Code's names, lower-cased).
type Source string

// Settings layers, and "cli" for rules the command line adds
// (--allowedTools and friends; the composition root adds those).
const (
	SourceManaged Source = "managed"
	SourceFlag    Source = "flag"
	SourceLocal   Source = "local"
	SourceProject Source = "project"
	SourceUser    Source = "user"
	SourceCLI     Source = "cli"
)

// DefaultManagedDir holds the administrator's managed settings on Linux.
const DefaultManagedDir = "/etc/corvid"

// MaxFileSize bounds the trust list and the settings files AddRule
// edits; a settings file larger than this is parsed without a syntax
// tree (lean.go).
const MaxFileSize = 2 << 20

// MaxSettingsSize bounds a settings file Load reads; a larger one fails
// to load. Reading one this large takes some six times its size in memory.
const MaxSettingsSize = 16 << 20

// Rule is one permission rule string and where it came from.
type Rule struct {
	Text   string
	Source Source
	// File is the settings file's path; "" for inline --settings JSON and
	// for cli rules.
	File string
	// Dir is the base directory of "/x" path anchors for this rule's
	// source (see the package doc).
	Dir string
}

// Settings is the merged view of every layer.
type Settings struct {
	Allow, Deny, Ask []Rule

	// DefaultMode is permissions.defaultMode as written (the permission
	// package parses it); "" when no layer sets it.
	DefaultMode       string
	DefaultModeSource Source

	// AdditionalDirectories holds permissions.additionalDirectories; Text
	// is the directory made absolute against its rule's Dir ("~/" is the
	// home directory).
	AdditionalDirectories []Rule

	// DisableBypassPermissionsMode is set when any layer says
	// "disableBypassPermissionsMode": "disable" (the stricter value wins).
	DisableBypassPermissionsMode bool

	Env           map[string]string
	Model         string
	FallbackModel []string

	// Raw is every top-level key of every loaded layer, as standard JSON,
	// for the settings later issues read (hooks, MCP…). Keys withheld by
	// workspace trust are absent.
	Raw map[Source]map[string]json.RawMessage
}

// Options says where to look.
type Options struct {
	// Cwd is the launch directory ("" = the process's).
	Cwd string
	// ConfigDir is corvid's own directory (CORVID_CONFIG_DIR or
	// ~/.corvid); "" skips the user layer.
	ConfigDir string
	// ManagedDir holds managed-settings.json; "" = DefaultManagedDir.
	ManagedDir string
	// FlagSettings is the --settings value: JSON when it starts with '{',
	// otherwise a file path (relative to Cwd).
	FlagSettings string
	// Sources picks the filesystem layers to load (user, project, local;
	// --setting-sources). nil loads all three; an empty non-nil slice
	// none. Managed and flag settings always load.
	Sources []Source
	// Trusted says the user trusts the working directory (TrustStore):
	// the project and local layers may then grant permissions.
	Trusted bool
	// Without lists files of the user, project and local layers to leave
	// out, by absolute path: the user chose to go on without them after
	// they failed to load (LoadError.Paths). Managed files and --settings
	// are never left out.
	Without []string
}

// Lookup returns a top-level key as the strongest layer that sets it
// wrote it (standard JSON), for keys the Settings fields do not cover.
func (s *Settings) Lookup(key string) (json.RawMessage, bool) {
	for _, src := range listOrder() {
		if raw, ok := s.Raw[src][key]; ok {
			return raw, true
		}
	}
	return nil, false
}
