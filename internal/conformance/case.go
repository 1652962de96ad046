package conformance

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"corvid/internal/provider/providertest"
)

// ProjectVar is replaced by the project directory in a case's scenario,
// files and arguments (tool inputs name absolute paths).
const ProjectVar = "$PROJECT"

// Case is one scripted session.
type Case struct {
	Name string `json:"-"`
	// Args are the flags given to both binaries; the prompt comes last.
	Args   []string `json:"args"`
	Prompt string   `json:"prompt"`
	// Files are created in the project directory before the run.
	Files map[string]string `json:"files,omitempty"`
	// API is the fake Messages API's script.
	API json.RawMessage `json:"api"`
	// Interrupt, when set, sends SIGINT during the run.
	Interrupt *Interrupt `json:"interrupt,omitempty"`
}

// Interrupt says when SIGINT is sent: once stdout holds a line containing
// AfterLine (or, when that is empty, once the API has received Requests
// requests), plus DelayMS.
type Interrupt struct {
	AfterLine string `json:"after_line,omitempty"`
	Requests  int    `json:"requests,omitempty"`
	DelayMS   int    `json:"delay_ms,omitempty"`
}

// LoadCases reads every dir/*/case.json, sorted by name.
func LoadCases(dir string) ([]Case, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*", "case.json"))
	if err != nil {
		return nil, err
	}
	sort.Strings(paths)
	var cases []Case
	for _, p := range paths {
		c, err := loadCase(p)
		if err != nil {
			return nil, err
		}
		cases = append(cases, c)
	}
	if len(cases) == 0 {
		return nil, fmt.Errorf("%w: no cases under %s", ErrBadCase, dir)
	}
	return cases, nil
}

func loadCase(path string) (Case, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Case{}, err
	}
	var c Case
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return Case{}, fmt.Errorf("%w: %s: %w", ErrBadCase, path, err)
	}
	c.Name = filepath.Base(filepath.Dir(path))
	if len(c.API) == 0 || len(c.Args) == 0 {
		return Case{}, fmt.Errorf("%w: %s: needs args and api", ErrBadCase, path)
	}
	return c, nil
}

// scenario is the case's API script with the project directory filled in.
func (c Case) scenario(project string) (providertest.Scenario, error) {
	raw := strings.ReplaceAll(string(c.API), ProjectVar, project)
	var sc providertest.Scenario
	if err := json.Unmarshal([]byte(raw), &sc); err != nil {
		return sc, fmt.Errorf("%w: %s: api: %w", ErrBadCase, c.Name, err)
	}
	sc.Name = c.Name
	return sc, sc.Validate()
}

// argv is the command line after the binary's name: the first argument
// (-p), the prompt, then the other arguments, so that no list-valued flag
// can take the prompt for one of its values.
func (c Case) argv(project string) []string {
	out := make([]string, 0, len(c.Args)+1)
	for i, a := range c.Args {
		out = append(out, strings.ReplaceAll(a, ProjectVar, project))
		if i == 0 {
			out = append(out, strings.ReplaceAll(c.Prompt, ProjectVar, project))
		}
	}
	return out
}
