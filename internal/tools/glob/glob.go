// Package glob is the Glob tool: it finds files whose paths match a glob
// pattern (doublestar syntax: **, {a,b}, [classes]) and lists them newest
// first.
//
// Only internal/app imports it, to register the tool.
package glob

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/bmatcuk/doublestar/v4"

	"corvid/internal/tool"
)

//go:embed prompt.md
var prompt string

// Name is the tool's name.
const Name = "Glob"

// maxResults caps the paths one call returns.
const maxResults = 100

const truncatedNotice = "(Results are truncated. Consider using a more specific path or pattern.)"

var schema = json.RawMessage(`{
  "type": "object",
  "properties": {
    "pattern": {
      "type": "string",
      "description": "Glob pattern matched against file paths below the search directory, e.g. \"**/*.go\" or \"src/**/*.{ts,tsx}\". An absolute pattern is used as it is."
    },
    "path": {
      "type": "string",
      "description": "Absolute path of the directory to search. Leave it out to search the current working directory; never send \"null\" or \"undefined\"."
    }
  },
  "required": ["pattern"],
  "additionalProperties": false
}`)

// Output is the structured result (tool_use_result).
type Output struct {
	Filenames  []string `json:"filenames"`
	DurationMs int64    `json:"durationMs"`
	NumFiles   int      `json:"numFiles"`
	Truncated  bool     `json:"truncated"`
}

type input struct {
	Pattern string `json:"pattern"`
	Path    string `json:"path"`
}

// Tool is the Glob tool. It keeps no state between calls.
type Tool struct{ tool.Base }

// New returns the Glob tool.
func New() tool.Tool { return Tool{} }

func (Tool) Name() string                              { return Name }
func (Tool) Description() string                       { return prompt }
func (Tool) InputSchema() json.RawMessage              { return schema }
func (Tool) IsReadOnly(json.RawMessage) bool           { return true }
func (Tool) IsConcurrencySafe(json.RawMessage) bool    { return true }
func (Tool) InterruptBehavior() tool.InterruptBehavior { return tool.Cancel }

// ValidateInput checks what needs no filesystem: the pattern's syntax and
// that a path is absolute.
func (Tool) ValidateInput(_ context.Context, raw json.RawMessage) error {
	in, err := parse(raw)
	if err != nil {
		return err
	}
	switch {
	case in.Pattern == "":
		return errors.New("The pattern must not be empty.")
	case !doublestar.ValidatePattern(filepath.ToSlash(in.Pattern)):
		return fmt.Errorf("Invalid glob pattern %q: check that its brackets and braces are closed.", in.Pattern)
	case in.Path != "" && !filepath.IsAbs(in.Path):
		return fmt.Errorf("The path must be absolute, but %q is relative. Pass the full directory path, or leave path out to search the current working directory.", in.Path)
	}
	return nil
}

func parse(raw json.RawMessage) (input, error) {
	var in input
	if err := json.Unmarshal(raw, &in); err != nil {
		return in, fmt.Errorf("The input could not be read: %w", err)
	}
	if in.Path == "null" || in.Path == "undefined" {
		in.Path = ""
	}
	return in, nil
}

// Call lists the matching files.
func (Tool) Call(ctx context.Context, call tool.Call) (*tool.Result, error) {
	start := time.Now()
	in, err := parse(call.Input)
	if err != nil {
		return tool.UseError(err.Error()), nil
	}
	dir, res := searchDir(in.Path, call.Env.WorkDir)
	if res != nil {
		return res, nil
	}
	found, err := find(ctx, dir, in.Pattern)
	if err != nil {
		return nil, fmt.Errorf("glob %s: %w", in.Pattern, err)
	}
	out := Output{Filenames: make([]string, len(found.paths)), NumFiles: len(found.paths),
		Truncated: found.truncated}
	for i, p := range found.paths {
		out.Filenames[i] = display(p, call.Env.WorkDir)
	}
	out.DurationMs = time.Since(start).Milliseconds()
	r := tool.Text(text(out))
	r.Structured = out
	return r, nil
}

// searchDir resolves the directory to search, or an error result.
func searchDir(path, workDir string) (string, *tool.Result) {
	if path == "" {
		if workDir == "" {
			return "", tool.UseError("There is no current working directory; pass path as an absolute directory path.")
		}
		return filepath.Clean(workDir), nil
	}
	dir := filepath.Clean(path)
	info, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "", tool.UseError(fmt.Sprintf("Directory does not exist: %s. Note: your current working directory is %s.", path, workDir))
	case err != nil:
		return "", tool.UseError(fmt.Sprintf("Cannot access %s: %v", path, errors.Unwrap(err)))
	case !info.IsDir():
		return "", tool.UseError(fmt.Sprintf("Path is not a directory: %s", path))
	}
	return dir, nil
}

func text(out Output) string {
	if out.NumFiles == 0 {
		return "No files found"
	}
	s := strings.Join(out.Filenames, "\n")
	if out.Truncated {
		s += "\n" + truncatedNotice
	}
	return s
}

// display shows path relative to the working directory when it is below
// it, else absolute.
func display(path, workDir string) string {
	if workDir != "" {
		if rel, ok := strings.CutPrefix(path, strings.TrimSuffix(workDir, "/")+"/"); ok {
			return rel
		}
	}
	return path
}
