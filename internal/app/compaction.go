package app

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"corvid/internal/compact"
	"corvid/internal/config"
	"corvid/internal/engine"
	"corvid/internal/filestate"
	"corvid/internal/tools/todowrite"
)

// Limits on what a compaction carries over of the recently read files.
const (
	carryFiles     = 5
	carryFileBytes = 20_000
)

// compaction reads the auto-compact knobs (spec §10.5) from the
// environment and the settings.
func compaction(env environment, s *config.Settings) engine.Compaction {
	set := compact.Settings{
		Disabled:    env.bool("DISABLE_AUTO_COMPACT"),
		DisabledAll: env.bool("DISABLE_COMPACT"),
		PctOverride: env.int("CLAUDE_AUTOCOMPACT_PCT_OVERRIDE"),
		Window:      env.int("CLAUDE_CODE_AUTO_COMPACT_WINDOW"),
	}
	if enabled, ok := rawSetting[bool](s, "autoCompactEnabled"); ok && !enabled {
		set.Disabled = true
	}
	if w, ok := rawSetting[int](s, "autoCompactWindow"); ok && set.Window == 0 {
		set.Window = w
	}
	return engine.Compaction{Settings: set}
}

// carry says what survives a compaction of the conversation: its todo
// list and the files it read last.
func carry(files *filestate.Cache, todos *todowrite.List) func() compact.Reinject {
	return func() compact.Reinject {
		return compact.Reinject{Todos: renderTodos(todos.Items()), Files: recentFiles(files)}
	}
}

// rawSetting reads a top-level settings key; a value of the wrong type,
// or no settings at all, counts as unset.
func rawSetting[T any](s *config.Settings, key string) (T, bool) {
	var v T
	if s == nil {
		return v, false
	}
	raw, ok := s.Lookup(key)
	if !ok || json.Unmarshal(raw, &v) != nil {
		var zero T
		return zero, false
	}
	return v, true
}

// renderTodos writes the todo list as the model wrote it, "" when empty.
func renderTodos(items []todowrite.Todo) string {
	if len(items) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("The todo list as it stood (keep it up to date with TodoWrite):\n")
	for i, t := range items {
		fmt.Fprintf(&b, "%d. [%s] %s\n", i+1, t.Status, t.Content)
	}
	return b.String()
}

// recentFiles re-reads the files the conversation read last, so the model
// keeps them after a compaction.
func recentFiles(files *filestate.Cache) []compact.File {
	var out []compact.File
	for _, p := range files.Recent(carryFiles) {
		data, err := readHead(p, carryFileBytes)
		if err != nil {
			continue
		}
		out = append(out, compact.File{Path: p, Content: trimNote(string(data), carryFileBytes)})
	}
	return out
}

// readHead reads at most n+1 bytes of a regular file (so trimNote can
// tell a cut).
func readHead(path string, n int) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", path)
	}
	return io.ReadAll(io.LimitReader(f, int64(n)+1))
}

// trimNote cuts a note to n bytes at a line boundary, saying so.
func trimNote(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := strings.LastIndexByte(s[:n], '\n')
	if cut <= 0 {
		cut = n
	}
	return s[:cut] + "\n[… cut: the rest of this file was left out]"
}
