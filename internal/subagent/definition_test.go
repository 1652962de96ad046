package subagent

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"corvid/internal/permission"
)

func TestParseFile(t *testing.T) {
	d, err := ParseFile("r.md", "---\nname: reviewer\ndescription: \"Reviews: code\"\ntools:\n  - Read\n  - Grep\n"+
		"disallowedTools: [Bash, 'Write']\nmodel: haiku\npermissionMode: plan\nmaxTurns: 7\n# a comment\n---\n\nBe careful.\n")
	if err != nil {
		t.Fatal(err)
	}
	if d.Name != "reviewer" || d.Description != "Reviews: code" || d.Prompt != "Be careful." || d.Model != "haiku" ||
		d.PermissionMode != permission.ModePlan || d.MaxTurns != 7 || d.Source != "r.md" {
		t.Errorf("definition %+v", d)
	}
	if !slices.Equal(d.Tools, []string{"Read", "Grep"}) || !slices.Equal(d.DisallowedTools, []string{"Bash", "Write"}) {
		t.Errorf("tools %q disallowed %q", d.Tools, d.DisallowedTools)
	}
	d, err = ParseFile("c.md", "---\nname: c\ndescription: d\ntools: Read, Bash(git *)\n---\nx")
	if err != nil || !slices.Equal(d.Tools, []string{"Read", "Bash(git *)"}) {
		t.Errorf("comma list: %q %v", d.Tools, err)
	}
	d, err = ParseFile("s.md", "---\nname: s\ndescription: d\nskills: [review, style]\n---\nx")
	if err != nil || !slices.Equal(d.Skills, []string{"review", "style"}) {
		t.Errorf("skills: %q %v", d.Skills, err)
	}
	if ds, err := ParseJSON(`{"j":{"description":"d","prompt":"p","skills":["review"]}}`); err != nil ||
		len(ds) != 1 || !slices.Equal(ds[0].Skills, []string{"review"}) {
		t.Errorf("--agents skills: %+v %v", ds, err)
	}
	if d, _ := ParseFile("n.md", "---\nname: n\ndescription: d\n---\n"); d.Tools != nil {
		t.Errorf("no tools key: %q, want nil (every tool)", d.Tools)
	}
}

// Every malformed file is an error naming the file (and the line where
// there is one).
// Block scalars, escapes and nested blocks (hooks, mcpServers) of Claude
// Code agent files parse; the nested blocks are not used.
func TestParseFileYAMLForms(t *testing.T) {
	d, err := ParseFile("y.md", "---\nname: y\ndescription: |\n  Use this agent when\n  reviewing.\n"+
		"hooks:\n  Stop:\n    - command: echo hi\nmcpServers:\n  - github\ncolor: blue\n"+
		"model: 'it''s'\ntools: >\n  Read,\n  Grep\n---\nbody")
	if err != nil {
		t.Fatal(err)
	}
	if d.Description != "Use this agent when\nreviewing." || d.Model != "it's" || !slices.Equal(d.Tools, []string{"Read", "Grep"}) {
		t.Errorf("definition %+v", d)
	}
	d, err = ParseFile("e.md", "---\nname: e\ndescription: \"Line one.\\nLine two.\"\n---\n")
	if err != nil || d.Description != "Line one.\nLine two." {
		t.Errorf("escaped description %q %v", d.Description, err)
	}
}

func TestParseFileErrors(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"---\nname: x\ndescription: y\n", "bad.md:1: frontmatter opened with --- is never closed"},
		{"just a body", "bad.md: no frontmatter"},
		{"---\nname x\n---\n", "bad.md:2: want `key: value`"},
		{"---\nname: x\nname: y\n---\n", "bad.md:3: duplicate key name"},
		{"---\n- Read\n---\n", "bad.md:2: unexpected line outside a key's block"},
		{"---\nname: x\n  indented: y\n---\n", "bad.md:2: unexpected indented lines after name"},
		{"---\ndescription: d\n---\n", "bad.md: missing name"},
		{"---\nname: has space\ndescription: d\n---\n", `name "has space"`},
		{"---\nname: x\n---\n", "agent x: missing description"},
		{"---\nname: x\ndescription: d\nmaxTurns: lots\n---\n", `maxTurns "lots"`},
		{"---\nname: x\ndescription: d\npermissionMode: yolo\n---\n", `permissionMode "yolo"`},
		{"---\nname: x\ndescription: d\ntools: [Read\n---\n", "unclosed list"},
	} {
		_, err := ParseFile("bad.md", c.text)
		if err == nil || !strings.Contains(err.Error(), c.want) || !errors.Is(err, ErrBadDefinition) {
			t.Errorf("%q: error %v, want one containing %q", c.text, err, c.want)
		}
	}
}

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func agentFile(name, desc string) string {
	return "---\nname: " + name + "\ndescription: " + desc + "\n---\nbody of " + desc
}

// Precedence: built-in < user < project (outermost first, nearest wins,
// subfolders included) < --agents; the search stops at the repository
// root; a bad file is reported and the rest load.
func TestLoadPrecedence(t *testing.T) {
	root := t.TempDir()
	repo := filepath.Join(root, "repo")
	cwd := filepath.Join(repo, "sub", "dir")
	user := filepath.Join(root, "user-agents")
	write(t, filepath.Join(repo, ".git", "HEAD"), "ref: refs/heads/main\n")
	write(t, filepath.Join(root, ".claude", "agents", "outside.md"), agentFile("outside", "above the repo"))
	write(t, filepath.Join(user, "shared.md"), agentFile("shared", "user"))
	write(t, filepath.Join(user, "Explore.md"), agentFile("Explore", "user explore"))
	write(t, filepath.Join(repo, ".claude", "agents", "shared.md"), agentFile("shared", "repo root"))
	write(t, filepath.Join(repo, ".claude", "agents", "team", "deep.md"), agentFile("deep", "nested folder"))
	write(t, filepath.Join(cwd, ".claude", "agents", "shared.md"), agentFile("shared", "nearest"))
	write(t, filepath.Join(cwd, ".claude", "agents", "broken.md"), "---\nname: broken\n")
	write(t, filepath.Join(cwd, ".claude", "agents", "notes.txt"), "not an agent")
	c, errs := Load(LoadOptions{Cwd: cwd, UserDir: user,
		FlagJSON: `{"flagged": {"description": "from flag", "prompt": "p", "tools": ["Read"]}, "bad": {"prompt": "no description"}}`})
	if len(errs) != 2 || !strings.Contains(errs[0].Error(), "broken.md") || !strings.Contains(errs[1].Error(), "--agents") {
		t.Fatalf("errors %v, want broken.md and the bad --agents entry", errs)
	}
	want := map[string]string{"shared": "nearest", "deep": "nested folder", "Explore": "user explore",
		"flagged": "from flag", "Plan": "", "general-purpose": ""}
	for name, desc := range want {
		d, err := c.Lookup(name)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if desc != "" && d.Description != desc {
			t.Errorf("%s: description %q, want %q", name, d.Description, desc)
		}
	}
	if _, err := c.Lookup("outside"); !errors.Is(err, ErrUnknownType) {
		t.Errorf("an agent above the repository root loaded: %v", err)
	}
	if d, err := c.Lookup("explore"); err != nil || d.Name != Explore {
		t.Errorf("explore: %v %v", d.Name, err)
	}
	if d, _ := c.Lookup(""); d.Name != GeneralPurpose {
		t.Errorf("default type %q", d.Name)
	}
}

func TestSelectTools(t *testing.T) {
	avail := []string{"Bash", "Glob", "Grep", "Read", "Edit", "Write"}
	for _, c := range []struct {
		d    Definition
		want []string
	}{
		{Definition{}, avail},
		{Definition{Tools: []string{"Read", "Bash(git *)"}}, []string{"Bash", "Read"}},
		{Definition{Tools: []string{}}, nil},
		{Definition{DisallowedTools: []string{"Write", "Edit"}}, []string{"Bash", "Glob", "Grep", "Read"}},
		{Definition{Tools: []string{"Read", "Write"}, DisallowedTools: []string{"Write"}}, []string{"Read"}},
		{Definition{Tools: []string{"Nope"}}, nil},
	} {
		if got := SelectTools(c.d, avail); !slices.Equal(got, c.want) {
			t.Errorf("%+v: %q, want %q", c.d, got, c.want)
		}
	}
	// The read-only built-ins get nothing that writes.
	for _, name := range []string{Explore, Plan} {
		d, _ := NewCatalog().Lookup(name)
		got := SelectTools(d, []string{"Bash", "Glob", "Grep", "Read", "Edit", "MultiEdit", "Write", "NotebookEdit", "WebFetch"})
		if !slices.Equal(got, []string{"Glob", "Grep", "Read", "WebFetch"}) {
			t.Errorf("%s tools %q", name, got)
		}
	}
}

func TestCheckTools(t *testing.T) {
	c := NewCatalog()
	c.Add(Definition{Name: "x", Description: "d", Source: "/p/x.md", Tools: []string{"Read", "Bash(ls)", "Raed"}})
	errs := c.CheckTools([]string{"Bash", "Read", "Glob", "Grep", "WebFetch"})
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), `/p/x.md: agent x: unknown tool "Raed"`) {
		t.Fatalf("errors %v", errs)
	}
}
