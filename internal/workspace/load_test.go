package workspace

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestLoadOrder(t *testing.T) {
	root := t.TempDir()
	cwd := filepath.Join(root, "a", "b", "c")
	for _, rel := range []string{
		"managed.md", "config/CLAUDE.md", "config/rules/z.md", "config/rules/sub/y.md",
		"a/CLAUDE.local.md", "a/CLAUDE.md",
		"a/b/GEMINI.md", "a/b/AGENTS.md", "a/b/CLAUDE.local.md", "a/b/.claude/CLAUDE.md",
		"a/b/.claude/rules/2.md", "a/b/.claude/rules/1.md",
		"a/b/c/CLAUDE.md",
	} {
		write(t, root, rel, "text of "+rel)
	}
	got := rels(t, root, load(t, root, cwd, nil))
	want := []string{
		"managed.md", "config/CLAUDE.md", "config/rules/sub/y.md", "config/rules/z.md",
		"a/CLAUDE.md", "a/CLAUDE.local.md",
		"a/b/.claude/CLAUDE.md", "a/b/.claude/rules/1.md", "a/b/.claude/rules/2.md",
		"a/b/AGENTS.md", "a/b/GEMINI.md", "a/b/CLAUDE.local.md",
		"a/b/c/CLAUDE.md",
	}
	if !slices.Equal(got, want) {
		t.Fatalf("order:\n got %q\nwant %q", got, want)
	}
	files := under(root, load(t, root, cwd, nil))
	wantScopes := []Scope{ScopeManaged, ScopeUser, ScopeUser, ScopeUser, ScopeProject, ScopeLocal,
		ScopeProject, ScopeProject, ScopeProject, ScopeProject, ScopeProject, ScopeLocal, ScopeProject}
	for i, f := range files {
		if f.Scope != wantScopes[i] || f.Content != "text of "+want[i] || f.ImportedFrom != "" {
			t.Errorf("%s: scope %v content %q from %q", want[i], f.Scope, f.Content, f.ImportedFrom)
		}
	}
}

func TestLoadSkipLevels(t *testing.T) {
	root := t.TempDir()
	cwd := filepath.Join(root, "p")
	for _, rel := range []string{"managed.md", "config/CLAUDE.md", "p/CLAUDE.md", "p/CLAUDE.local.md"} {
		write(t, root, rel, rel)
	}
	cases := []struct {
		edit func(*Options)
		want []string
	}{
		{func(o *Options) { o.SkipUser = true }, []string{"managed.md", "p/CLAUDE.md", "p/CLAUDE.local.md"}},
		{func(o *Options) { o.SkipProject = true }, []string{"managed.md", "config/CLAUDE.md", "p/CLAUDE.local.md"}},
		{func(o *Options) { o.SkipLocal = true }, []string{"managed.md", "config/CLAUDE.md", "p/CLAUDE.md"}},
		{func(o *Options) { o.ManagedFile = "-"; o.ConfigDir = "" }, []string{"p/CLAUDE.md", "p/CLAUDE.local.md"}},
	}
	for i, c := range cases {
		if got := rels(t, root, load(t, root, cwd, c.edit)); !slices.Equal(got, c.want) {
			t.Errorf("case %d: got %q, want %q", i, got, c.want)
		}
	}
}

func TestLoadRulesFrontmatter(t *testing.T) {
	root := t.TempDir()
	write(t, root, "p/.claude/rules/a.md", "plain rule")
	write(t, root, "p/.claude/rules/b.md", "---\npaths:\n  - \"src/**/*.go\"\n---\nonly for go files")
	write(t, root, "p/.claude/rules/c.md", "---\ndescription: style\n---\n\nstyle rule")
	write(t, root, "p/.claude/rules/notes.txt", "not markdown")
	files := under(root, load(t, root, filepath.Join(root, "p"), nil))
	got := rels(t, root, files)
	if want := []string{"p/.claude/rules/a.md", "p/.claude/rules/c.md"}; !slices.Equal(got, want) {
		t.Fatalf("rules: got %q, want %q", got, want)
	}
	if files[1].Content != "style rule" {
		t.Errorf("frontmatter not stripped: %q", files[1].Content)
	}
}

func TestLoadImports(t *testing.T) {
	root := t.TempDir()
	abs := write(t, root, "elsewhere/abs.md", "absolute import")
	write(t, root, "home/personal.md", "from home")
	write(t, root, "p/docs/rel.md", "relative import, which imports @../nested.md.")
	write(t, root, "p/nested.md", "second hop")
	for _, name := range []string{"span.md", "fence.md", "tilde.md"} {
		write(t, root, "p/"+name, "must not load")
	}
	write(t, root, "p/CLAUDE.md", strings.Join([]string{
		"Read @docs/rel.md and @~/personal.md, also @" + abs,
		"Not `@span.md`, not @missing.md.",
		"```", "@fence.md", "```", "~~~", "@tilde.md", "~~~",
	}, "\n"))
	write(t, root, "p/CLAUDE.local.md", "local")
	files := under(root, load(t, root, filepath.Join(root, "p"), nil))
	got := rels(t, root, files)
	want := []string{"p/CLAUDE.md", "p/docs/rel.md", "p/nested.md", "home/personal.md", "elsewhere/abs.md",
		"p/CLAUDE.local.md"}
	if !slices.Equal(got, want) {
		t.Fatalf("imports:\n got %q\nwant %q", got, want)
	}
	claude := filepath.Join(root, "p", "CLAUDE.md")
	from := []string{"", claude, filepath.Join(root, "p", "docs", "rel.md"), claude, claude, ""}
	for i, f := range files {
		if f.ImportedFrom != from[i] || f.Scope != []Scope{ScopeProject, ScopeProject, ScopeProject,
			ScopeProject, ScopeProject, ScopeLocal}[i] {
			t.Errorf("%s: from %q scope %v", got[i], f.ImportedFrom, f.Scope)
		}
	}
	if !strings.Contains(files[0].Content, "@docs/rel.md") {
		t.Error("the @path text was removed from the importing file")
	}
}

func TestLoadImportCycle(t *testing.T) {
	root := t.TempDir()
	write(t, root, "p/CLAUDE.md", "start @a.md")
	write(t, root, "p/a.md", "a @b.md")
	write(t, root, "p/b.md", "b @a.md and @CLAUDE.md")
	got := rels(t, root, load(t, root, filepath.Join(root, "p"), nil))
	if want := []string{"p/CLAUDE.md", "p/a.md", "p/b.md"}; !slices.Equal(got, want) {
		t.Fatalf("cycle: got %q, want %q", got, want)
	}
}

func TestLoadImportDepth(t *testing.T) {
	root := t.TempDir()
	write(t, root, "p/CLAUDE.md", "@h1.md")
	for i := 1; i <= 5; i++ {
		write(t, root, "p/h"+string(rune('0'+i))+".md", "hop @h"+string(rune('0'+i+1))+".md")
	}
	write(t, root, "p/h6.md", "too deep")
	got := rels(t, root, load(t, root, filepath.Join(root, "p"), nil))
	if want := []string{"p/CLAUDE.md", "p/h1.md", "p/h2.md", "p/h3.md", "p/h4.md"}; !slices.Equal(got, want) {
		t.Fatalf("depth: got %q, want %q", got, want)
	}
}

func TestLoadCommentsEmptyBinaryAndCap(t *testing.T) {
	root := t.TempDir()
	write(t, root, "p/CLAUDE.md", "keep\n<!-- drop\n@hidden.md\n-->\nalso kept\n```\n<!-- in code -->\n```\n")
	write(t, root, "p/hidden.md", "must not load")
	write(t, root, "p/.claude/CLAUDE.md", "\n<!-- only a comment -->\n\n")
	write(t, root, "p/AGENTS.md", "bin\x00ary")
	write(t, root, "p/GEMINI.md", strings.Repeat("é", 100))
	files := under(root, load(t, root, filepath.Join(root, "p"), func(o *Options) { o.MaxFileBytes = 51 }))
	got := rels(t, root, files)
	if want := []string{"p/CLAUDE.md", "p/GEMINI.md"}; !slices.Equal(got, want) {
		t.Fatalf("files: got %q, want %q", got, want)
	}
	if want := "keep\nalso kept\n```\n<!-- in code -->\n```"; files[0].Content != want {
		t.Errorf("comments: got %q, want %q", files[0].Content, want)
	}
	body, note, ok := strings.Cut(files[1].Content, "\n\n")
	if !ok || body != strings.Repeat("é", 25) || !strings.Contains(note, "longer than 51") {
		t.Errorf("cap: got %q", files[1].Content)
	}
}

func TestLoadDedupe(t *testing.T) {
	root := t.TempDir()
	write(t, root, "p/CLAUDE.md", "shared text @./CLAUDE.md")
	if err := os.Symlink("CLAUDE.md", filepath.Join(root, "p", "AGENTS.md")); err != nil {
		t.Skip("symlinks unavailable:", err)
	}
	if err := os.Symlink(filepath.Join(root, "p"), filepath.Join(root, "config")); err != nil {
		t.Fatal(err)
	}
	got := rels(t, root, load(t, root, filepath.Join(root, "p"), nil))
	if want := []string{"config/CLAUDE.md"}; !slices.Equal(got, want) {
		t.Fatalf("dedupe: got %q, want %q", got, want)
	}
}

func TestLoadUnreadable(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads files regardless of permissions")
	}
	root := t.TempDir()
	bad := write(t, root, "p/CLAUDE.md", "secret")
	write(t, root, "p/CLAUDE.local.md", "fine")
	if err := os.Chmod(bad, 0); err != nil {
		t.Fatal(err)
	}
	files, problems := Load(Options{Cwd: filepath.Join(root, "p"), ManagedFile: "-"})
	if got := rels(t, root, files); !slices.Equal(got, []string{"p/CLAUDE.local.md"}) {
		t.Errorf("files %q", got)
	}
	if len(problems) != 1 || !strings.Contains(problems[0].Error(), bad) {
		t.Errorf("problems %v, want one naming %s", problems, bad)
	}
}

func BenchmarkLoad(b *testing.B) {
	root := b.TempDir()
	cwd := filepath.Join(root, "a", "b", "c", "d")
	for _, dir := range []string{"a", "a/b", "a/b/c", "a/b/c/d"} {
		write(b, root, dir+"/CLAUDE.md", strings.Repeat("Some instruction line.\n", 100)+"@extra.md\n")
		write(b, root, dir+"/extra.md", "extra")
		write(b, root, dir+"/.claude/rules/r.md", "rule")
	}
	o := Options{Cwd: cwd, ManagedFile: "-"}
	for b.Loop() {
		if files, _ := Load(o); len(under(root, files)) != 12 {
			b.Fatal("unexpected file count")
		}
	}
}
