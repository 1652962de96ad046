package command

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func write(t testing.TB, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// Discovery: the working directory up to the repository root (nearest
// wins; nothing above the root), subdirectories namespaced, user over
// project, skills over commands, bad files reported and skipped.
func TestLoad(t *testing.T) {
	root := t.TempDir()
	repo := filepath.Join(root, "repo")
	cwd := filepath.Join(repo, "sub")
	user := filepath.Join(root, "user")
	write(t, filepath.Join(repo, ".git", "HEAD"), "ref: refs/heads/main\n")
	write(t, filepath.Join(root, ".claude/commands/above.md"), "above the repository\n")
	write(t, filepath.Join(repo, ".claude/commands/near.md"), "from the root\n")
	write(t, filepath.Join(cwd, ".claude/commands/near.md"), "---\ndescription: nearest\n---\nfrom cwd\n")
	write(t, filepath.Join(repo, ".claude/commands/git/commit.md"), "---\nallowed-tools: Bash(git commit:*)\n---\ncommit\n")
	write(t, filepath.Join(repo, ".claude/commands/both.md"), "the command\n")
	write(t, filepath.Join(repo, ".claude/skills/both/SKILL.md"), "---\ndescription: the skill\n---\nskill body\n")
	write(t, filepath.Join(repo, ".claude/skills/mine/SKILL.md"), "project version\n")
	write(t, filepath.Join(user, "skills/mine/SKILL.md"), "---\ndescription: user version\n---\nuser body\n")
	write(t, filepath.Join(user, "commands/personal.md"), "---\nallowed-tools: Read\n---\nmine\n")
	write(t, filepath.Join(repo, ".claude/commands/bad.md"), "---\ndescription: [unclosed\nx: 'y\n---\nbody\n")
	write(t, filepath.Join(repo, ".claude/commands/huge.md"), strings.Repeat("x", MaxFileSize+1))
	write(t, filepath.Join(repo, ".claude/commands/bad name.md"), "x\n")
	write(t, filepath.Join(repo, ".claude/skills/nofile/README.md"), "not a skill\n")

	set, problems := Load(Options{Cwd: cwd, UserDir: user})
	names := []string{}
	for _, c := range set.All() {
		names = append(names, c.Name)
	}
	if want := []string{"both", "git:commit", "mine", "near", "personal"}; !reflect.DeepEqual(names, want) {
		t.Errorf("names %q, want %q", names, want)
	}
	get := func(n string) *Command { c, _ := set.Lookup(n); return c }
	if c := get("near"); c.Description != "nearest" || c.Scope != ScopeProject {
		t.Errorf("near: %+v", c)
	}
	if c := get("both"); c.Kind != KindSkill || c.Description != "the skill" {
		t.Errorf("both: %+v", c)
	}
	if c := get("mine"); c.Scope != ScopeUser || c.Description != "user version" {
		t.Errorf("mine: %+v", c)
	}
	// An untrusted repository's grants are withheld; the user's are not.
	if c := get("git:commit"); c.Grants() || !reflect.DeepEqual(c.AllowedTools, []string{"Bash(git commit:*)"}) {
		t.Errorf("untrusted repository grants: %+v", c)
	}
	if c := get("personal"); !c.Grants() {
		t.Errorf("user command does not grant: %+v", c)
	}
	if len(problems) != 3 {
		t.Fatalf("want 3 problems, got %v", problems)
	}
	joined := ""
	for _, p := range problems {
		var fe *FileError
		if !errors.As(p, &fe) {
			t.Errorf("not a FileError: %v", p)
		}
		joined += p.Error() + "\n"
	}
	for _, want := range []string{"bad.md: frontmatter line 3", "huge.md: file too large", `"bad name" cannot be a command name`} {
		if !strings.Contains(joined, want) {
			t.Errorf("problems lack %q:\n%s", want, joined)
		}
	}

	trusted, _ := Load(Options{Cwd: cwd, UserDir: user, ProjectTrusted: true})
	if c, _ := trusted.Lookup("git:commit"); !c.Grants() {
		t.Errorf("trusted repository does not grant")
	}
	none, _ := Load(Options{Cwd: cwd, SkipProject: true})
	if len(none.All()) != 0 {
		t.Errorf("SkipProject still found %d", len(none.All()))
	}
}

// Outside a repository only the working directory's definitions count.
func TestLoadOutsideRepository(t *testing.T) {
	root := t.TempDir()
	cwd := filepath.Join(root, "a")
	write(t, filepath.Join(root, ".claude/commands/parent.md"), "x\n")
	write(t, filepath.Join(cwd, ".claude/commands/here.md"), "x\n")
	set, _ := Load(Options{Cwd: cwd})
	if names := set.UserNames(); !reflect.DeepEqual(names, []string{"here"}) {
		t.Errorf("names %q", names)
	}
}

// The listing leaves out what the model may not load and stays within
// its budget, saying how many it left out.
func TestListing(t *testing.T) {
	var cs []*Command
	for i := range 50 {
		cs = append(cs, &Command{Name: "s" + string(rune('a'+i%26)) + strings.Repeat("x", i/26), Description: strings.Repeat("word ", 100), UserInvocable: true})
	}
	cs = append(cs, &Command{Name: "hidden", Description: "no", DisableModelInvocation: true})
	l := NewSet(cs...).Listing(2000)
	if len(l) > 2200 || !strings.HasPrefix(l, ListingHeader) || strings.Contains(l, "hidden") || !strings.Contains(l, "more not listed") {
		t.Errorf("listing (%d chars):\n%s", len(l), l)
	}
	if NewSet(&Command{Name: "h", DisableModelInvocation: true}).Listing(100) != "" {
		t.Error("a listing of nothing")
	}
}

// A repository's definition that links outside the project is refused;
// a link inside it is followed; the user's own links are theirs.
func TestLoadRefusesLinksOutOfTheProject(t *testing.T) {
	root := t.TempDir()
	repo, user := filepath.Join(root, "repo"), filepath.Join(root, "user")
	write(t, filepath.Join(root, "secret"), "SECRET KEY\n")
	write(t, filepath.Join(repo, ".git/HEAD"), "x")
	write(t, filepath.Join(repo, "docs/inside.md"), "inside\n")
	write(t, filepath.Join(root, "elsewhere/SKILL.md"), "SECRET SKILL\n")
	for _, l := range []struct{ target, link string }{
		{filepath.Join(root, "secret"), filepath.Join(repo, ".claude/commands/leak.md")},
		{filepath.Join(root, "secret"), filepath.Join(repo, ".claude/skills/leak/SKILL.md")},
		{filepath.Join(repo, "docs/inside.md"), filepath.Join(repo, ".claude/commands/ok.md")},
		{filepath.Join(root, "secret"), filepath.Join(user, "commands/mine.md")},
		{root, filepath.Join(repo, "sub/.claude/commands")},
		{filepath.Join(root, "elsewhere"), filepath.Join(repo, ".claude/skills/linked")},
	} {
		if err := os.MkdirAll(filepath.Dir(l.link), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(l.target, l.link); err != nil {
			t.Fatal(err)
		}
	}
	set, problems := Load(Options{Cwd: filepath.Join(repo, "sub"), UserDir: user})
	if names := set.UserNames(); !reflect.DeepEqual(names, []string{"mine", "ok"}) {
		t.Errorf("names %q", names)
	}
	if len(problems) != 4 {
		t.Errorf("want 4 problems, got %v", problems)
	}
	for _, p := range problems {
		if !errors.Is(p, ErrOutside) {
			t.Errorf("problem %v", p)
		}
	}
}

// Skills of a subdirectory load on demand under its path, never from
// outside the working directory.
func TestLoadNested(t *testing.T) {
	cwd := t.TempDir()
	write(t, filepath.Join(cwd, ".git/HEAD"), "x")
	write(t, filepath.Join(cwd, "apps/web/.claude/skills/deploy/SKILL.md"), "---\ndescription: web deploy\n---\nbody\n")
	o := Options{Cwd: cwd}
	got, problems := LoadNested(o, filepath.Join(cwd, "apps/web"))
	if len(got) != 1 || got[0].Name != "apps/web:deploy" || got[0].Description != "web deploy" || len(problems) != 0 {
		t.Fatalf("got %+v %v", got, problems)
	}
	set := NewSet(&Command{Name: "other"})
	if added := set.Add(got...); len(added) != 1 || len(set.Add(got...)) != 0 {
		t.Errorf("added %v", added)
	}
	if c, ok := set.Lookup("apps/web:deploy"); !ok || c.Dir != filepath.Join(cwd, "apps/web/.claude/skills/deploy") {
		t.Errorf("lookup %+v", c)
	}
	for _, d := range []string{cwd, filepath.Dir(cwd)} {
		if got, _ := LoadNested(o, d); len(got) != 0 {
			t.Errorf("%s: %v", d, got)
		}
	}
	if got, _ := LoadNested(Options{Cwd: cwd, SkipProject: true}, filepath.Join(cwd, "apps/web")); len(got) != 0 {
		t.Errorf("SkipProject: %v", got)
	}
}
