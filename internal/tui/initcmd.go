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

// cmdInit has the model write ./CLAUDE.md (or improve the one there):
// it submits a prompt that asks for a look at the repository and holds
// a local scan's findings, so the model's Write or Edit goes through the
// usual permission questions. "/init scan" writes the scan itself, with
// no model turn (as /init does when no conversation is open); an
// existing file is never overwritten: "/init append" (or "/init scan
// append") adds the scan to it as a section.
func (m *model) cmdInit(arg string) tea.Cmd {
	scan, appendTo := false, false
	for _, w := range strings.Fields(arg) {
		switch w {
		case "scan":
			scan = true
		case "append":
			scan, appendTo = true, true
		default:
			return m.println(m.errorLine("Usage: /init [scan] [append]"))
		}
	}
	if !scan && m.conv != nil && m.busy {
		return m.println(m.errorLine("Wait for the turn to end (or press esc) before /init"))
	}
	cwd, ctx, byModel := m.o.Cwd, m.ctx, !scan && m.conv != nil
	return func() tea.Msg {
		if byModel {
			s, err := scanRepo(ctx, cwd)
			return applyMsg(func(m *model) tea.Cmd { return m.initTurn(cwd, s, err) })
		}
		note, err := writeClaudeMD(ctx, cwd, appendTo)
		return applyMsg(func(m *model) tea.Cmd {
			if err != nil {
				return m.println(m.errorLine(err.Error()))
			}
			return m.println(styleDim.Render("  ⎿ " + note))
		})
	}
}

// initTurn submits /init's prompt once the scan is done. The prompt
// stands behind the "/init" already echoed, so it is not echoed itself.
func (m *model) initTurn(cwd string, s *repoScan, err error) tea.Cmd {
	switch {
	case err != nil:
		return m.println(m.errorLine(err.Error()))
	case m.busy || m.conv == nil:
		return m.println(m.errorLine("A turn started while /init looked at the repository; run /init again when it ends"))
	}
	note := styleDim.Render(fmt.Sprintf("  ⎿ Asking corvid to write CLAUDE.md (local scan: %d files, %d command(s)) · "+
		"/init scan writes one without the model", s.total, len(s.commands)))
	turn := m.runTurn(initPrompt(cwd, s))
	return tea.Sequence(m.println(note), turn)
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
		return "", fmt.Errorf("%w: %s exists; /init scan append adds the scan to it as a section", ErrExists, path)
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
