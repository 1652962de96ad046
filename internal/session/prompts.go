package session

import (
	"io"
	"math"
	"strings"
	"time"

	"corvid/internal/provider"
)

// Prompt is a prompt the user typed, found on a loaded transcript's live
// chain: what a rewind of a resumed conversation can go back to.
type Prompt struct {
	// Text is what the user typed: the prompt's text blocks without the
	// reminders, `!` command notes and expanded bodies corvid added ("/name
	// args" for a custom command).
	Text string
	At   time.Time // when it was recorded; zero when the entry has no readable timestamp
	// Before is the end of the chain just before the prompt: LoadAt gives
	// the conversation there, Writer.Rewind continues from there.
	Before Mark
	// Entry is the prompt's own entry.
	Entry Mark
}

// UUID is the entry the mark is at ("" before the first).
func (m Mark) UUID() string { return m.leaf }

// MarkAt is the mark at the entry with uuid.
func MarkAt(uuid string) Mark { return Mark{leaf: uuid} }

// The texts corvid and Claude Code record as user entries that the user
// did not type as a prompt.
var (
	notPromptPrefixes = []string{"<system-reminder>", "<bash-input>", "<bash-stdout>", "<bash-stderr>",
		"<local-command-stdout>", "<local-command-stderr>", "<local-command-caveat>"}
	interruptMarkers = []string{"[Request interrupted by user]", "[Request interrupted by user for tool use]"}
)

// promptsFrom is the first entry position a prompt of chain may have. A
// chain that starts at a compact boundary holds, after it, the summary
// and the messages the compaction kept word for word, which are not
// prompts of their own: a prompt must come after the first cost state
// that follows the boundary (the end of the turn that compacted). With
// none, nothing after the boundary is a prompt.
func (ix *index) promptsFrom(chain []int32) int32 {
	first := &ix.entries[chain[0]]
	if first.kind != kindSystem || !first.boundary {
		return 0
	}
	for _, at := range ix.costAt {
		if at > chain[0] {
			return at
		}
	}
	return math.MaxInt32
}

// promptFinder collects the prompts among the user entries of a chain.
type promptFinder struct {
	from  int32
	found []foundPrompt
}

type foundPrompt struct {
	text, parent, uuid string
	stamp              span
}

func (p *promptFinder) add(pos int32, e *entryInfo, blocks []provider.Block) {
	if pos < p.from || e.meta || e.sidechain {
		return
	}
	if text, ok := promptText(blocks); ok {
		p.found = append(p.found, foundPrompt{text: text, parent: e.parent, uuid: e.uuid, stamp: e.stamp})
	}
}

// finish reads the prompts' timestamps.
func (p *promptFinder) finish(f io.ReaderAt) []Prompt {
	if len(p.found) == 0 {
		return nil
	}
	out := make([]Prompt, len(p.found))
	var buf [64]byte
	for i, fp := range p.found {
		out[i] = Prompt{Text: fp.text, Before: Mark{leaf: fp.parent}, Entry: Mark{leaf: fp.uuid}}
		out[i].At = readStamp(f, fp.stamp, buf[:])
	}
	return out
}

// readStamp reads and parses a "timestamp" value (zero time when it is
// not a plain RFC 3339 string).
func readStamp(f io.ReaderAt, s span, buf []byte) time.Time {
	if s.n < 2 || int(s.n) > len(buf) {
		return time.Time{}
	}
	b := buf[:s.n]
	if n, _ := f.ReadAt(b, s.off); n < len(b) || b[0] != '"' || b[len(b)-1] != '"' {
		return time.Time{}
	}
	at, _ := time.Parse(time.RFC3339Nano, string(b[1:len(b)-1]))
	return at
}

// promptText is the typed text of a user entry's blocks, and whether the
// entry is a prompt at all: tool results, interrupt markers and entries
// of nothing but injected notes are not.
func promptText(blocks []provider.Block) (string, bool) {
	var buf [4]string
	parts := buf[:0]
	for _, b := range blocks {
		switch b.Type {
		case provider.BlockToolResult:
			return "", false
		case provider.BlockText:
			if cmd, ok := commandLine(b.Text); ok {
				return cmd, true
			}
			if injected(b.Text) {
				continue
			}
			parts = append(parts, b.Text)
		case provider.BlockImage:
			parts = append(parts, "[Image]")
		case provider.BlockDocument:
			parts = append(parts, "[Document]")
		}
	}
	var text string
	if len(parts) == 1 {
		text = parts[0]
	} else {
		text = strings.Join(parts, "\n")
	}
	for _, m := range interruptMarkers {
		if text == m {
			return "", false
		}
	}
	return text, strings.TrimSpace(text) != ""
}

func injected(text string) bool {
	for _, p := range notPromptPrefixes {
		if strings.HasPrefix(strings.TrimSpace(text), p) {
			return true
		}
	}
	return false
}

// commandLine turns the head block of a custom command's turn
// (<command-message>…<command-name>/name</command-name><command-args>…)
// back into "/name args".
func commandLine(text string) (string, bool) {
	if !strings.HasPrefix(text, "<command-message>") {
		return "", false
	}
	name, ok := between(text, "<command-name>", "</command-name>")
	if !ok {
		return "", false
	}
	if args, _ := between(text, "<command-args>", "</command-args>"); args != "" {
		return name + " " + args, true
	}
	return name, true
}

func between(s, open, close string) (string, bool) {
	_, rest, ok := strings.Cut(s, open)
	if !ok {
		return "", false
	}
	in, _, ok := strings.Cut(rest, close)
	return in, ok
}
