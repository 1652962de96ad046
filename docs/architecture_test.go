// Package docs holds the test that keeps docs/architecture.md true: every
// repository path it names exists, and every Go identifier it names
// (pkg.Name, pkg.Type.Member, Type.Member) is declared in the code.
package docs

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// codeSpan is a `…` span of the document.
var codeSpan = regexp.MustCompile("`([^`\n]+)`")

// link is a markdown link's target.
var link = regexp.MustCompile(`\]\(([^)\s]+)\)`)

func TestArchitectureNamesExist(t *testing.T) {
	doc, err := os.ReadFile("architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	decls := loadDecls(t, root)
	checked := 0
	for _, m := range codeSpan.FindAllStringSubmatch(string(doc), -1) {
		span := m[1]
		if p, ok := repoPath(root, span); ok {
			checked++
			if !pathExists(root, p) {
				t.Errorf("architecture.md names %q, which is not in the repository", span)
			}
			continue
		}
		if ok, known := decls.resolve(span); known {
			checked++
			if !ok {
				t.Errorf("architecture.md names %q, which the code does not declare", span)
			}
		}
	}
	for _, m := range link.FindAllStringSubmatch(string(doc), -1) {
		target := strings.SplitN(m[1], "#", 2)[0]
		abs := filepath.Clean(filepath.Join(root, "docs", target))
		if strings.Contains(target, "://") || !strings.HasPrefix(abs, root+string(filepath.Separator)) {
			t.Errorf("architecture.md links outside the repository: %s", m[1])
		} else if _, err := os.Stat(abs); err != nil {
			t.Errorf("architecture.md links to %s, which does not exist", m[1])
		}
	}
	if checked < 50 {
		t.Fatalf("only %d names checked: the extraction is broken", checked)
	}
}

// repoPath reports whether span is a repository path and returns it
// relative to the root. A path counts when its first element is a
// top-level entry of the repository or a directory under internal/
// (the document names packages as "provider/anthropic"); other paths
// (~/.corvid, .claude/settings.json, /etc/corvid) are the user's.
func repoPath(root, span string) (string, bool) {
	span = strings.TrimSuffix(strings.TrimPrefix(span, "./"), "/")
	if !regexp.MustCompile(`^[\w.-]+(/[\w.*-]+)+$`).MatchString(span) {
		return "", false
	}
	first := strings.SplitN(span, "/", 2)[0]
	if first == "." || first == ".." {
		return "", false
	}
	if info, err := os.Stat(filepath.Join(root, first)); err == nil && info.IsDir() {
		return span, true
	}
	if info, err := os.Stat(filepath.Join(root, "internal", first)); err == nil && info.IsDir() {
		return filepath.Join("internal", span), true
	}
	return "", false
}

// pathExists checks a path, which may hold a glob.
func pathExists(root, p string) bool {
	matches, err := filepath.Glob(filepath.Join(root, p))
	return err == nil && len(matches) > 0
}

// The checks catch what they are for: names and paths that are not there.
func TestCheckerCatchesMistakes(t *testing.T) {
	root, _ := filepath.Abs("..")
	d := loadDecls(t, root)
	for span, want := range map[string]bool{
		"permission.New": true, "permission.NoSuchGate": false, "app.Options.Interrupt": true,
		"app.Options.NoSuchField": false, "Engine.Submit": true, "Engine.NoSuchMethod": false,
		"*config.LoadError": true, "Executor.Completed": true, "NoSuchType.Method": false,
	} {
		if ok, known := d.resolve(span); !known || ok != want {
			t.Errorf("resolve(%q) = %v, %v; want %v, true", span, ok, known, want)
		}
	}
	for _, span := range []string{"os.Exit", "--debug=api", "~/.corvid", ".claude/settings.json", "/etc/corvid"} {
		if _, known := d.resolve(span); known {
			t.Errorf("resolve(%q) claims to know it", span)
		}
		if _, ok := repoPath(root, span); ok {
			t.Errorf("repoPath(%q) takes a user path for a repository one", span)
		}
	}
	for span, want := range map[string]bool{"internal/app": true, "provider/anthropic/watchdog.go": true,
		"internal/nope": false, "provider/anthropic/nope.go": false, "testdata/script/*.txtar": true} {
		p, ok := repoPath(root, span)
		if !ok || pathExists(root, p) != want {
			t.Errorf("path %q: repo %v, exists %v; want exists %v", span, ok, pathExists(root, p), want)
		}
	}
}
