package permission_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"corvid/internal/permission"
	"corvid/internal/tool"
)

// The corpus (testdata/corpus.txt) is a table of decisions:
//
//	profile NAME            starts a rule set, ended by "end"; inside:
//	  allow|deny|ask SOURCE RULE    a rule from a settings layer
//	  adddir PATH           an extra working directory
//	  nobypass              bypassPermissions is disabled
//	MODE PROFILE EXPECT TOOL SUBJECT
//	  why: TEXT             (optional) the reason must contain TEXT
//
// SUBJECT is a Bash command, a path (file tools), a URL (WebFetch), a
// name (Agent, Skill) or a JSON object; when the whole subject is a
// Go-quoted string, it is unquoted. $REPO, $HOME, $OUT, $EXTRA and $ROOT name
// the test's directories, $LONG a word of 10,001 characters.

type corpusCase struct {
	line                        int
	mode, profile, expect, tool string
	subject, why                string
}

type corpus struct {
	profiles map[string][]string
	cases    []corpusCase
}

func readCorpus(t *testing.T, name string) corpus {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	c := corpus{profiles: map[string][]string{}}
	profile := ""
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case profile != "" && line == "end":
			profile = ""
		case profile != "":
			c.profiles[profile] = append(c.profiles[profile], line)
		case strings.HasPrefix(line, "profile "):
			profile = strings.TrimSpace(strings.TrimPrefix(line, "profile "))
			c.profiles[profile] = []string{}
		case strings.HasPrefix(line, "why:"):
			if len(c.cases) == 0 {
				t.Fatalf("%s:%d: why: before any case", name, n)
			}
			c.cases[len(c.cases)-1].why = strings.TrimSpace(strings.TrimPrefix(line, "why:"))
		default:
			c.cases = append(c.cases, parseCase(t, name, n, line))
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return c
}

func parseCase(t *testing.T, name string, n int, line string) corpusCase {
	t.Helper()
	f := strings.Fields(line)
	if len(f) < 5 {
		t.Fatalf("%s:%d: want MODE PROFILE EXPECT TOOL SUBJECT, got %q", name, n, line)
	}
	rest := line
	for range 4 {
		rest = strings.TrimLeft(rest, " \t")
		rest = rest[strings.IndexAny(rest, " \t"):]
	}
	subject := strings.TrimSpace(rest)
	if s, err := strconv.Unquote(subject); err == nil && strings.HasPrefix(subject, `"`) {
		subject = s
	}
	return corpusCase{line: n, mode: f[0], profile: f[1], expect: f[2], tool: f[3], subject: subject}
}

// world is the file tree the corpus runs against.
type world struct {
	root, repo, home, out, extra string
}

func (w world) expand(s string) string {
	return strings.NewReplacer("$REPO", w.repo, "$HOME", w.home, "$OUT", w.out, "$EXTRA", w.extra,
		"$ROOT", w.root, "$LONG", strings.Repeat("a", 10_001)).Replace(s)
}

// newWorld builds a repository with the files and links the corpus
// needs: a symlink to /etc, one to home, one inside the repository, a
// dangling one pointing outside, and a sibling directory whose name has
// the repository's name as prefix.
func newWorld(t testing.TB) world {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	w := world{root: root, repo: filepath.Join(root, "repo"), home: filepath.Join(root, "home"),
		out: filepath.Join(root, "out"), extra: filepath.Join(root, "extra")}
	files := []string{"repo/src/main.go", "repo/src/app.ts", "repo/src/lib/util.ts", "repo/.env",
		"repo/.git/config", "repo/.claude/settings.json", "repo/docs/readme.md", "repo/build/out.o",
		"repo/secrets/key.pem", "repo/sub/deep/file.txt", "repo/.vscode/tasks.json", "repo/notes.txt",
		"repo-evil/secret.txt", "home/.bashrc", "home/.ssh/id_rsa", "home/.corvid/settings.json",
		"home/notes/todo.txt", "out/data.txt", "extra/shared.txt", "repo/.claude/worktrees/wt/a.go"}
	for _, f := range files {
		p := filepath.Join(root, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	links := [][2]string{{"/etc", "repo/etc-link"}, {w.home, "repo/home-link"}, {"src", "repo/src-link"},
		{filepath.Join(w.out, "created-by-link"), "repo/dangling"}, {w.out, "repo/out-link"},
		{filepath.Join(w.home, ".bashrc"), "repo/rc-link"}, {"../../out", "repo/sub/up-link"}}
	for _, l := range links {
		if err := os.Symlink(l[0], filepath.Join(root, l[1])); err != nil {
			t.Fatal(err)
		}
	}
	return w
}

// config builds the engine configuration of a profile.
func (w world) config(t testing.TB, lines []string, mode permission.Mode) permission.Config {
	cfg := permission.Config{Tools: permission.TestTools(), Mode: mode, WorkDirs: []string{w.repo}, Home: w.home}
	for _, line := range lines {
		f := strings.Fields(line)
		switch {
		case f[0] == "adddir" && len(f) == 2:
			cfg.WorkDirs = append(cfg.WorkDirs, w.expand(f[1]))
			continue
		case f[0] == "nobypass":
			cfg.BypassDisabled = true
			continue
		case len(f) < 3:
			t.Fatalf("profile line %q: want BEHAVIOR SOURCE RULE", line)
		}
		text := strings.TrimSpace(line[strings.Index(line, f[1])+len(f[1]):])
		rs := w.source(f[1], w.expand(text))
		switch f[0] {
		case "allow":
			cfg.Allow = append(cfg.Allow, rs)
		case "deny":
			cfg.Deny = append(cfg.Deny, rs)
		case "ask":
			cfg.Ask = append(cfg.Ask, rs)
		default:
			t.Fatalf("profile line %q: unknown behavior %q", line, f[0])
		}
	}
	return cfg
}

// source places a rule in a settings layer the way the config package
// will: a file, and the directory "/x" anchors are relative to.
func (w world) source(layer, text string) permission.RuleSource {
	rs := permission.RuleSource{Text: text, Source: layer}
	switch layer {
	case permission.SourceProject:
		rs.File, rs.Dir = filepath.Join(w.repo, ".claude/settings.json"), w.repo
	case permission.SourceLocal:
		rs.File, rs.Dir = filepath.Join(w.repo, ".claude/settings.local.json"), w.repo
	case permission.SourceUser:
		rs.File, rs.Dir = filepath.Join(w.home, ".corvid/settings.json"), filepath.Join(w.home, ".corvid")
	case permission.SourceManaged:
		rs.File, rs.Dir = "/etc/corvid/managed-settings.json", "/etc/corvid"
	case permission.SourceFlag:
		rs.File, rs.Dir = filepath.Join(w.out, "flag-settings.json"), w.out
	}
	return rs
}

// input builds a tool input from a corpus subject.
func (w world) input(toolName, subject string) json.RawMessage {
	s := w.expand(subject)
	if strings.HasPrefix(s, "{") && json.Valid([]byte(s)) {
		return json.RawMessage(s)
	}
	key := map[string]string{"Bash": "command", "Read": "file_path", "Edit": "file_path",
		"Write": "file_path", "MultiEdit": "file_path", "NotebookEdit": "notebook_path", "Grep": "path",
		"Glob": "pattern", "WebFetch": "url", "Agent": "subagent_type", "Skill": "skill"}[toolName]
	if key == "" {
		key = "value"
	}
	b, err := json.Marshal(map[string]string{key: s})
	if err != nil {
		panic(err)
	}
	return b
}

func TestCorpus(t *testing.T) {
	w := newWorld(t)
	c := readCorpus(t, "testdata/corpus.txt")
	if len(c.cases) < 200 {
		t.Errorf("the corpus has %d cases, want at least 200", len(c.cases))
	}
	for _, tc := range c.cases {
		lines, ok := c.profiles[tc.profile]
		if !ok {
			t.Fatalf("line %d: unknown profile %q", tc.line, tc.profile)
		}
		mode, err := permission.ParseMode(tc.mode)
		if err != nil {
			t.Fatalf("line %d: %v", tc.line, err)
		}
		e, errs := permission.New(w.config(t, lines, mode))
		for _, err := range errs {
			t.Errorf("line %d: profile %s: %v", tc.line, tc.profile, err)
		}
		d := e.Explain(tc.tool, w.input(tc.tool, tc.subject))
		name := fmt.Sprintf("line %d: %s %s %s %.80q", tc.line, tc.mode, tc.profile, tc.tool, tc.subject)
		if testing.Verbose() {
			t.Logf("%s: %s: %s", name, d.Behavior, d.Reason)
		}
		if string(d.Behavior) != tc.expect {
			t.Errorf("%s: got %s, want %s\n\treason: %s", name, d.Behavior, tc.expect, d.Reason)
			continue
		}
		if d.Reason == "" {
			t.Errorf("%s: empty reason", name)
		}
		if tc.why != "" && !strings.Contains(d.Reason, w.expand(tc.why)) {
			t.Errorf("%s: reason %q does not contain %q", name, d.Reason, w.expand(tc.why))
		}
		if d.Behavior == tool.PermissionDeny && d.Message == "" {
			t.Errorf("%s: deny without a message", name)
		}
	}
}
