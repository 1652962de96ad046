package tui

import (
	"context"
	"errors"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	tea "charm.land/bubbletea/v2"

	"corvid/internal/walk"
)

const (
	// maxMentionFiles caps the files listed for @ completion.
	maxMentionFiles = 20000
	// mentionItems is how many matches the menu shows.
	mentionItems = 8
)

// filesMsg brings the working directory's files, listed for @.
type filesMsg struct{ files []string }

// errEnoughFiles stops the listing at its cap.
var errEnoughFiles = errors.New("enough files")

// listFiles lists the files under dir that git would not ignore
// (.gitignore, .git/info/exclude, .ignore; hidden names left out),
// relative to dir, at most maxMentionFiles.
func listFiles(ctx context.Context, dir string) []string {
	var (
		mu    sync.Mutex // Walk calls fn from several goroutines
		files []string
	)
	fn := func(path string, _ fs.DirEntry) error {
		mu.Lock()
		defer mu.Unlock()
		if rel, err := filepath.Rel(dir, path); err == nil {
			files = append(files, filepath.ToSlash(rel))
		}
		if len(files) >= maxMentionFiles {
			return errEnoughFiles
		}
		return nil
	}
	_ = walk.Walk(ctx, dir, walk.Options{Ignore: true, SkipHidden: true}, fn)
	sort.Strings(files)
	return files
}

// mentionWord is the @word being typed at the end of the input ("" and
// false when there is none). @server:uri resources are not files.
func mentionWord(v string) (string, bool) {
	i := strings.LastIndexAny(v, " \t\n")
	word := v[i+1:]
	if !strings.HasPrefix(word, "@") || strings.Contains(word, ":") {
		return "", false
	}
	return word[1:], true
}

// updateMentions shows the files matching the @word being typed; the
// first time, it asks for the files to be listed (listFilesCmd).
func (m *model) updateMentions() {
	q, ok := mentionWord(m.input.Value())
	if !ok {
		return
	}
	if q == "" { // a new @word: the files may have changed since the last listing
		m.filesStale = true
	}
	if m.files == nil || m.filesStale {
		m.wantFiles = true
		if m.files == nil {
			return
		}
	}
	var items []command
	for _, f := range fuzzyRank(q, m.files, mentionItems) {
		items = append(items, command{name: f})
	}
	if len(items) > 0 {
		m.menu = &menu{items: items, mention: true}
	}
}

// listFilesCmd lists the files in the background when an @word asked
// for them (the first one, and each new one after: files come and go),
// one listing at a time.
func (m *model) listFilesCmd() tea.Cmd {
	if !m.wantFiles || m.listing {
		return nil
	}
	m.listing, m.wantFiles, m.filesStale = true, false, false
	ctx, dir := m.ctx, m.o.Cwd
	return func() tea.Msg { return filesMsg{files: listFiles(ctx, dir)} }
}

// filesListed installs the listing and refreshes the menu.
func (m *model) filesListed(msg filesMsg) tea.Cmd {
	m.listing = false
	m.files = msg.files
	if m.files == nil {
		m.files = []string{}
	}
	m.updateMenu()
	return nil
}

// completeMention replaces the @word by the chosen file.
func (m *model) completeMention(path string) {
	v := m.input.Value()
	i := strings.LastIndexAny(v, " \t\n")
	m.setInput(v[:i+1] + "@" + path + " ")
}

// fuzzyRank returns up to n of the paths that hold the query's
// characters in order (case-insensitively), best first: matches in the
// file's name, at word starts and in runs score higher, shorter paths
// break ties.
func fuzzyRank(query string, paths []string, n int) []string {
	type scored struct {
		path  string
		score int
	}
	var hits []scored
	q := strings.ToLower(query)
	for _, p := range paths {
		if s, ok := fuzzyScore(q, p); ok {
			hits = append(hits, scored{p, s})
		}
	}
	sort.SliceStable(hits, func(i, j int) bool {
		if hits[i].score != hits[j].score {
			return hits[i].score > hits[j].score
		}
		return len(hits[i].path) < len(hits[j].path)
	})
	var out []string
	for i := 0; i < len(hits) && i < n; i++ {
		out = append(out, hits[i].path)
	}
	return out
}

// fuzzyScore scores path for the lower-case query q.
func fuzzyScore(q, path string) (int, bool) {
	lower := strings.ToLower(path)
	base := strings.LastIndexByte(path, '/') + 1
	score, pi, prev := 0, 0, -2
	for _, c := range []byte(q) {
		i := strings.IndexByte(lower[pi:], c)
		if i < 0 {
			return 0, false
		}
		at := pi + i
		score++
		if at == prev+1 {
			score += 3 // a run
		}
		if at == 0 || strings.IndexByte("/_-. ", lower[at-1]) >= 0 {
			score += 2 // a word start
		}
		if at >= base {
			score += 2 // in the file's name
		}
		prev, pi = at, at+1
	}
	if strings.Contains(lower[base:], q) {
		score += 5
	}
	return score, true
}
