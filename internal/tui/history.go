package tui

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"path/filepath"

	"corvid/internal/atomicfile"
)

const (
	// maxHistory caps the prompts kept per project.
	maxHistory = 500
	// maxHistoryEntry caps one kept prompt (bigger ones are not kept).
	maxHistoryEntry = 64 << 10
)

// history is the project's prompt history, oldest first, kept as JSON
// lines under <config>/history/<project>.jsonl. A prompt is appended as
// one line (no rewrite and no fsync while the user types: the file is a
// convenience, and another session of the project appends to it too);
// the file is rewritten to its last maxHistory entries only when a
// session starts and finds it longer. A file that cannot be read or
// written only loses history, never the session.
type history struct {
	path    string
	entries []string
	// att are what each entry's placeholders stood for (histattach.go),
	// one per entry.
	att []attachment
	// pos browses entries: len(entries) means not browsing; draft is the
	// input that was there when browsing started, draftAtt its pastes and
	// images.
	pos      int
	draft    string
	draftAtt attachment
}

// historyPath names the file for a working directory.
func historyPath(configDir, cwd string) string {
	if configDir == "" {
		return ""
	}
	sum := sha256.Sum256([]byte(filepath.Clean(cwd)))
	return filepath.Join(configDir, "history", filepath.Base(cwd)+"-"+hex.EncodeToString(sum[:6])+".jsonl")
}

func loadHistory(configDir, cwd string) *history {
	h := &history{path: historyPath(configDir, cwd)}
	if h.path != "" {
		if f, err := os.Open(h.path); err == nil {
			sc := bufio.NewScanner(io.LimitReader(f, maxHistory*maxHistoryEntry))
			sc.Buffer(make([]byte, 0, 64<<10), 2*maxHistoryEntry)
			for sc.Scan() {
				if s, a, ok := decodeEntry(sc.Bytes()); ok {
					h.entries, h.att = append(h.entries, s), append(h.att, a)
				}
			}
			f.Close()
		}
	}
	if len(h.entries) > maxHistory {
		h.trim()
		h.rewrite()
	}
	h.pos = len(h.entries)
	return h
}

// trim keeps the last maxHistory entries.
func (h *history) trim() {
	if cut := len(h.entries) - maxHistory; cut > 0 {
		h.entries, h.att = h.entries[cut:], h.att[cut:]
	}
}

// add records a sent prompt, with what its placeholders stood for, and
// saves it to the file.
func (h *history) add(s string, a attachment) {
	h.pos = len(h.entries)
	if s == "" || len(s) > maxHistoryEntry || (len(h.entries) > 0 && h.entries[len(h.entries)-1] == s && h.att[len(h.att)-1].same(a)) {
		return
	}
	h.entries, h.att = append(h.entries, s), append(h.att, a)
	h.trim()
	h.keepImages()
	h.pos = len(h.entries)
	h.append(s, a)
}

// append adds one entry to the file.
func (h *history) append(s string, a attachment) {
	line, ok := encodeEntry(s, a)
	if !ok || h.path == "" || os.MkdirAll(filepath.Dir(h.path), 0o700) != nil {
		return
	}
	f, err := os.OpenFile(h.path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return
	}
	_, _ = f.Write(append(line, '\n'))
	_ = f.Close()
}

// rewrite replaces the file by the entries kept.
func (h *history) rewrite() {
	if h.path == "" {
		return
	}
	var buf []byte
	for i, e := range h.entries {
		if line, ok := encodeEntry(e, h.att[i]); ok {
			buf = append(append(buf, line...), '\n')
		}
	}
	_ = atomicfile.Write(h.path, buf, 0o600)
}

// canBrowse: up recalls history from an empty input or while browsing.
func (h *history) canBrowse(cur string) bool {
	return len(h.entries) > 0 && (cur == "" || h.browsing())
}

func (h *history) browsing() bool { return h.pos < len(h.entries) }

// prev is the entry before the one shown; cur and its attachments are
// kept as the draft when browsing starts.
func (h *history) prev(cur string, curAtt attachment) (string, attachment) {
	if !h.browsing() {
		h.draft, h.draftAtt = cur, curAtt
	}
	if h.pos > 0 {
		h.pos--
	}
	return h.entries[h.pos], h.att[h.pos]
}

// next is the entry after the one shown, or the draft after the last.
func (h *history) next() (string, attachment) {
	if h.pos < len(h.entries) {
		h.pos++
	}
	if h.pos == len(h.entries) {
		return h.draft, h.draftAtt
	}
	return h.entries[h.pos], h.att[h.pos]
}
