package subagent

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
)

// maxFileBytes caps a definition file.
const maxFileBytes = 256 << 10

// LoadOptions say where definitions come from.
type LoadOptions struct {
	// Cwd is where the project search starts: .claude/agents in it and
	// its ancestors up to the repository root (the directory holding
	// .git), the nearest winning.
	Cwd string
	// UserDir is the user's agents directory (~/.corvid/agents).
	UserDir string
	// FlagJSON is the --agents value.
	FlagJSON string
}

// Load builds the catalog: built-ins, then the user's agents, then the
// project's (outermost first), then --agents, each replacing earlier
// definitions of the same name. A bad definition is reported (naming
// its file) and skipped; the others load.
func Load(o LoadOptions) (*Catalog, []error) {
	c := NewCatalog()
	var errs []error
	dirs := []string{}
	if o.UserDir != "" {
		dirs = append(dirs, o.UserDir)
	}
	dirs = append(dirs, projectDirs(o.Cwd)...)
	for _, dir := range dirs {
		defs, derrs := loadDir(dir)
		errs = append(errs, derrs...)
		for _, d := range defs {
			c.Add(d)
		}
	}
	if strings.TrimSpace(o.FlagJSON) != "" {
		defs, err := ParseJSON(o.FlagJSON)
		if err != nil {
			errs = append(errs, err)
		}
		for _, d := range defs {
			c.Add(d)
		}
	}
	return c, errs
}

// projectDirs are the .claude/agents directories from the repository
// root (or the filesystem root outside a repository) down to cwd.
func projectDirs(cwd string) []string {
	if cwd == "" {
		return nil
	}
	var out []string
	for d := filepath.Clean(cwd); ; d = filepath.Dir(d) {
		out = append(out, filepath.Join(d, ".claude", "agents"))
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil || filepath.Dir(d) == d {
			break
		}
	}
	slices.Reverse(out)
	return out
}

// loadDir reads every *.md below dir, in path order.
func loadDir(dir string) ([]Definition, []error) {
	var paths []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(d.Name(), ".md") {
			paths = append(paths, path)
		}
		return nil
	})
	if err != nil && !os.IsNotExist(err) {
		return nil, []error{fmt.Errorf("%w: %s: %w", ErrBadDefinition, dir, err)}
	}
	sort.Strings(paths)
	var defs []Definition
	var errs []error
	for _, p := range paths {
		d, err := loadFile(p)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		defs = append(defs, d)
	}
	return defs, errs
}

func loadFile(path string) (Definition, error) {
	info, err := os.Stat(path)
	if err != nil {
		return Definition{}, &DefinitionError{Source: path, Msg: err.Error()}
	}
	if info.Size() > maxFileBytes {
		return Definition{}, &DefinitionError{Source: path, Msg: fmt.Sprintf("file is larger than %d bytes", maxFileBytes)}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return Definition{}, &DefinitionError{Source: path, Msg: err.Error()}
	}
	return ParseFile(path, string(data))
}

// jsonAgent is one entry of --agents (the SDK's AgentDefinition).
type jsonAgent struct {
	Description     string   `json:"description"`
	Prompt          string   `json:"prompt"`
	Tools           []string `json:"tools"`
	DisallowedTools []string `json:"disallowedTools"`
	Model           string   `json:"model"`
	PermissionMode  string   `json:"permissionMode"`
	MaxTurns        int      `json:"maxTurns"`
	Skills          []string `json:"skills"`
}

// ParseJSON reads --agents: an object from agent name to definition.
// Entries are returned in name order; a bad entry is an error and the
// good ones are still returned.
func ParseJSON(text string) ([]Definition, error) {
	var m map[string]jsonAgent
	if err := json.Unmarshal([]byte(text), &m); err != nil {
		return nil, &DefinitionError{Source: SourceFlag, Msg: "not a JSON object of agent definitions: " + err.Error()}
	}
	names := make([]string, 0, len(m))
	for name := range m {
		names = append(names, name)
	}
	sort.Strings(names)
	var out []Definition
	var first error
	for _, name := range names {
		a := m[name]
		d := Definition{Name: name, Description: a.Description, Prompt: a.Prompt, Tools: a.Tools,
			DisallowedTools: a.DisallowedTools, Model: a.Model, MaxTurns: max(a.MaxTurns, 0),
			Skills: a.Skills, Source: SourceFlag}
		d.PermissionMode = modeOf(a.PermissionMode)
		if err := d.check(); err != nil {
			first = cmpErr(first, err)
			continue
		}
		out = append(out, d)
	}
	return out, first
}
