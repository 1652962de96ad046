package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"corvid/internal/event"
	"corvid/internal/provider/providertest"
)

// Info describes the agent types (for the TUI's /agents) and the
// project's custom commands (for its / menu), with their descriptions.
func TestInfoDescribesAgentsAndCommands(t *testing.T) {
	srv := providertest.Start(t, providertest.Scenario{AllowUnused: true})
	dir := t.TempDir()
	files := map[string]string{
		".claude/agents/reviewer.md":   "---\nname: reviewer\ndescription: Reviews code\n---\nYou review.\n",
		".claude/commands/greet.md":    "---\ndescription: Greets someone\nargument-hint: <name>\n---\nSay hello to $ARGUMENTS\n",
		".claude/skills/tidy/SKILL.md": "---\nname: tidy\ndescription: Tidies files\n---\nTidy up.\n",
	}
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	env, _ := agentEnv(t, srv)
	opts := baseOptions(env)
	opts.Cwd, opts.NoSessionPersistence = dir, true
	c, err := Open(t.Context(), opts)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	info := c.Info()
	want := map[string]event.AgentType{
		"reviewer": {Name: "reviewer", Description: "Reviews code", Source: filepath.Join(dir, ".claude/agents/reviewer.md")},
		"Explore":  {Name: "Explore", Source: "built-in"},
	}
	if len(info.AgentTypes) != len(info.Agents) {
		t.Fatalf("AgentTypes %+v do not match Agents %v", info.AgentTypes, info.Agents)
	}
	for i, a := range info.AgentTypes {
		if a.Name != info.Agents[i] {
			t.Errorf("AgentTypes[%d] = %q, Agents[%d] = %q", i, a.Name, i, info.Agents[i])
		}
		w, ok := want[a.Name]
		if !ok {
			continue
		}
		delete(want, a.Name)
		if a.Source != w.Source || (w.Description != "" && a.Description != w.Description) || a.Description == "" {
			t.Errorf("agent %+v, want %+v", a, w)
		}
	}
	if len(want) > 0 {
		t.Errorf("missing agent types %v", want)
	}
	cmds := map[string]event.Command{}
	for _, c := range info.Commands {
		cmds[c.Name] = c
	}
	if g := cmds["greet"]; g.Description != "Greets someone (project)" || g.ArgumentHint != "<name>" {
		t.Errorf("greet = %+v (commands %+v)", g, info.Commands)
	}
	if cmds["tidy"].Description != "Tidies files (project)" {
		t.Errorf("tidy = %+v", cmds["tidy"])
	}
}

// A command line the TUI sends (Conversation.Submit) is expanded as in
// -p: the request carries the command's tags and its body with the
// arguments.
func TestConversationExpandsCustomCommand(t *testing.T) {
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.Text("hi")}}}})
	dir := t.TempDir()
	p := filepath.Join(dir, ".claude/commands/greet.md")
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte("---\ndescription: Greets\n---\nSay hello to $ARGUMENTS\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	env, _ := agentEnv(t, srv)
	opts := baseOptions(env)
	opts.Cwd, opts.NoSessionPersistence = dir, true
	c, err := Open(t.Context(), opts)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if r := c.SubmitText(t.Context(), "/greet world"); r.IsError {
		t.Fatalf("result %+v", r)
	}
	body := string(srv.Requests()[0].Body)
	for _, want := range []string{"<command-name>/greet</command-name>", "Say hello to world"} {
		if !strings.Contains(body, want) {
			t.Errorf("request lacks %q: %s", want, body)
		}
	}
}
