package tui

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	tea "charm.land/bubbletea/v2"

	"corvid/internal/atomicfile"
)

// packageScripts are package.json's script names, sorted.
func packageScripts(dir string) []string {
	data, err := readHead(filepath.Join(dir, "package.json"))
	if err != nil {
		return nil
	}
	var pkg struct {
		Scripts map[string]json.RawMessage `json:"scripts"`
	}
	if json.Unmarshal(data, &pkg) != nil {
		return nil
	}
	names := make([]string, 0, len(pkg.Scripts))
	for n := range pkg.Scripts {
		names = append(names, n)
	}
	sort.Strings(names)
	return names[:min(len(names), maxListed)]
}

// markdown is the scan as a CLAUDE.md body under headings of level h.
func (s *repoScan) markdown(h string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s Languages\n\n", h)
	for _, l := range topCounts(s.langs) {
		fmt.Fprintf(&b, "- %s: %d file(s)\n", l, s.langs[l])
	}
	fmt.Fprintf(&b, "\n%s Build and test\n\n", h)
	if len(s.commands) == 0 {
		b.WriteString("- (no go.mod, package.json, Makefile, Cargo.toml or pyproject.toml found)\n")
	}
	for _, c := range s.commands {
		fmt.Fprintf(&b, "- `%s` (%s)\n", c[0], c[1])
	}
	fmt.Fprintf(&b, "\n%s Layout\n\n", h)
	for _, d := range topCounts(s.dirs) {
		fmt.Fprintf(&b, "- `%s/`: %d file(s)\n", d, s.dirs[d])
	}
	for _, f := range s.files[:min(len(s.files), maxListed)] {
		fmt.Fprintf(&b, "- `%s`\n", f)
	}
	return b.String()
}

// topCounts are counts' keys, largest first (then by name), at most
// maxListed.
func topCounts(counts map[string]int) []string {
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if counts[keys[i]] != counts[keys[j]] {
			return counts[keys[i]] > counts[keys[j]]
		}
		return keys[i] < keys[j]
	})
	return keys[:min(len(keys), maxListed)]
}

// cmdInit writes ./CLAUDE.md from a local scan of the working directory
// (no model turn). An existing file is never overwritten: "/init append"
// adds the scan to it as a section.
func (m *model) cmdInit(arg string) tea.Cmd {
	if arg != "" && arg != "append" {
		return m.println(m.errorLine("Usage: /init [append]"))
	}
	cwd := m.o.Cwd
	ctx := m.ctx
	return func() tea.Msg {
		return applyMsg(func(m *model) tea.Cmd {
			note, err := writeClaudeMD(ctx, cwd, arg == "append")
			if err != nil {
				return m.println(m.errorLine(err.Error()))
			}
			return m.println(styleDim.Render("  ⎿ " + note))
		})
	}
}

// writeClaudeMD scans dir and writes (or, with appendTo, extends) its
// CLAUDE.md; it says what it did.
func writeClaudeMD(ctx context.Context, dir string, appendTo bool) (string, error) {
	path := filepath.Join(dir, "CLAUDE.md")
	old, err := os.ReadFile(path)
	switch {
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return "", fmt.Errorf("reading %s: %w", path, err)
	case err == nil && !appendTo:
		return "", fmt.Errorf("%w: %s exists; /init append adds the scan to it as a section", ErrExists, path)
	case err == nil && strings.Contains(string(old), initSectionOf):
		return "", fmt.Errorf("%w: %s already has a section from /init", ErrExists, path)
	}
	s, err := scanRepo(ctx, dir)
	if err != nil {
		return "", err
	}
	var out string
	if len(old) > 0 {
		out = strings.TrimRight(string(old), "\n") + "\n\n" + initSectionOf + "\n\n" + s.markdown("###")
	} else {
		out = "# CLAUDE.md\n\nGuidance for coding agents working in this repository (written by /init from a scan; edit freely).\n\n" + s.markdown("##")
	}
	if err := atomicfile.Write(path, []byte(out), 0o644); err != nil {
		return "", fmt.Errorf("writing %s: %w", path, err)
	}
	verb := "Wrote"
	if len(old) > 0 {
		verb = "Appended the scan to"
	}
	return fmt.Sprintf("%s %s (%d files scanned, %d command(s) found)", verb, path, s.total, len(s.commands)), nil
}
