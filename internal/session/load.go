package session

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"corvid/internal/provider"
)

// Transcript is a loaded session.
type Transcript struct {
	SessionID string // the file name without ".jsonl"
	Path      string
	// Messages is the live conversation, repaired and ready for the API.
	Messages []provider.Message
	// Leaf is the uuid of the last entry on the live chain ("" if none):
	// pass it to Writer.SetParent to continue the conversation.
	Leaf string
	// Model is the model of the last real (not synthetic) assistant entry.
	Model string
	// CostState is the payload of the last cost-state entry, nil if none.
	CostState json.RawMessage
	// Compacted reports that the live chain starts at a compact boundary;
	// CompactTrigger and PreTokens are that boundary's metadata.
	Compacted      bool
	CompactTrigger string
	PreTokens      int
	// Skipped counts malformed, torn or over-long lines left out.
	Skipped int
	// Repaired counts the fixes Repair made to the history.
	Repaired int
	// Prompts are the prompts typed on the live chain that a rewind can
	// go back to, oldest first (prompts.go).
	Prompts []Prompt
}

// Load reads the transcript at path. The live chain runs from the last
// conversation entry (user, assistant or system) in file order back
// through parentUuid to its root; its messages are rebuilt and repaired.
// Lines that cannot be read are skipped and counted; entries of unknown
// types are ignored. A missing file is an error wrapping fs.ErrNotExist.
func Load(path string) (*Transcript, error) {
	return loadTranscript(path, func(ix *index) (int, error) { return ix.leaf(), nil })
}

// LoadFinished loads the transcript at path as it stood at the end of its
// last finished turn (the last cost-state entry, which the engine writes
// when a turn ends): what a fork of a session that another process is
// still writing starts from. The turn in progress belongs to that process
// and is left out; a transcript with no finished turn gives an empty
// history.
func LoadFinished(path string) (*Transcript, error) {
	return loadTranscript(path, func(ix *index) (int, error) { return ix.settled, nil })
}

// LoadAt loads the conversation of the transcript at path as it stood at
// m (a Prompt's Before): the chain ending at that entry. It fails with
// ErrUnreadable when the file has no such entry.
func LoadAt(path string, m Mark) (*Transcript, error) {
	return loadTranscript(path, func(ix *index) (int, error) {
		if m.leaf == "" {
			return -1, nil
		}
		i, ok := ix.byUUID[m.leaf]
		if !ok {
			return -1, fmt.Errorf("%w: no entry %s to go back to", ErrUnreadable, m.leaf)
		}
		return int(i), nil
	})
}

func loadTranscript(path string, pick func(*index) (int, error)) (*Transcript, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	ix, err := indexFile(f)
	if err != nil {
		return nil, fmt.Errorf("session: read %s: %w", path, err)
	}
	t := &Transcript{SessionID: strings.TrimSuffix(filepath.Base(path), ".jsonl"),
		Path: path, Skipped: ix.skipped}
	if t.CostState, err = readSpan(f, ix.cost); err != nil {
		return nil, fmt.Errorf("session: read %s: %w", path, err)
	}
	leaf, err := pick(ix)
	if err != nil {
		return nil, fmt.Errorf("session: read %s: %w", path, err)
	}
	if ix.leaf() < 0 && ix.lines > 0 && t.CostState == nil {
		return nil, fmt.Errorf("session: read %s: %w: none of its %d lines is a conversation entry", path, ErrUnreadable, ix.lines)
	}
	chain, err := ix.liveChain(leaf)
	if err != nil {
		return nil, fmt.Errorf("session: read %s: %w", path, err)
	}
	if len(chain) == 0 {
		return t, nil
	}
	t.Leaf = ix.entries[chain[len(chain)-1]].uuid
	var found promptFinder
	found.from = ix.promptsFrom(chain)
	if chain, err = ix.compaction(f, chain, t); err != nil {
		return nil, fmt.Errorf("session: read %s: %w", path, err)
	}
	msgs, model, bad, err := ix.rebuild(f, ix.expand(chain), found.add)
	if err != nil {
		return nil, fmt.Errorf("session: read %s: %w", path, err)
	}
	t.Messages, t.Repaired = repair(msgs)
	t.Model, t.Skipped = model, t.Skipped+bad
	t.Prompts = found.finish(f)
	return t, nil
}

// index is the result of the first pass over a transcript.
type index struct {
	entries []entryInfo      // entries with a uuid, in file order
	byUUID  map[string]int32 // uuid → position in entries
	last    int              // the last main-chain conversation entry; -1 if none
	lastAny int              // the last conversation entry, sidechain or not
	cost    span             // the last cost-state payload
	settled int              // the last main-chain entry before the last cost state; -1 if none
	costAt  []int32          // for each cost state, how many entries came before it
	skipped int
	lines   int // non-blank lines
}

// indexFile reads every line, keeping the envelope of each entry.
func indexFile(r io.Reader) (*index, error) {
	ix := &index{byUUID: map[string]int32{}, last: -1, lastAny: -1, settled: -1}
	s := newLineScanner(r, 1<<20, MaxEntryBytes)
	var e entryInfo
	for {
		off, line, err := s.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if skipWS(line, 0) == len(line) {
			continue
		}
		ix.lines++
		if scanEntry(line, off, &e) != nil {
			ix.skipped++
			continue
		}
		ix.add(e)
	}
	ix.skipped += s.long
	return ix, nil
}

func (ix *index) add(e entryInfo) {
	if e.kind == kindCost {
		ix.costAt = append(ix.costAt, int32(len(ix.entries)))
		if e.payload.n > 0 {
			ix.cost = e.payload
			ix.settled = ix.last
		}
		return
	}
	if e.uuid == "" {
		if e.kind.conversation() {
			ix.skipped++
		}
		return
	}
	ix.byUUID[e.uuid] = int32(len(ix.entries))
	if e.kind.conversation() {
		ix.lastAny = len(ix.entries)
		if !e.sidechain {
			ix.last = len(ix.entries)
		}
	}
	ix.entries = append(ix.entries, e)
}

// leaf is where the live chain ends: the last main-chain entry. A file
// holding only sidechain entries (a subagent's) has its last one.
func (ix *index) leaf() int {
	if ix.last < 0 {
		return ix.lastAny
	}
	return ix.last
}

// liveChain returns the positions of the chain ending at leaf, root
// first; nil when leaf is -1. A parentUuid that names no entry is an
// error wrapping ErrUnreadable, unless lines were skipped (a torn or
// malformed line may have held that entry; the loss is counted in
// Skipped); so is a chain that loops.
func (ix *index) liveChain(leaf int) ([]int32, error) {
	if leaf < 0 {
		return nil, nil
	}
	seen := make([]bool, len(ix.entries))
	var chain []int32
	for i := int32(leaf); ; {
		if seen[i] {
			return nil, fmt.Errorf("%w: its parentUuid chain loops at %s", ErrUnreadable, ix.entries[i].uuid)
		}
		seen[i] = true
		chain = append(chain, i)
		e := &ix.entries[i]
		if !e.hasParent {
			break
		}
		p, ok := ix.byUUID[e.parent]
		if !ok {
			if ix.skipped > 0 {
				break
			}
			return nil, fmt.Errorf("%w: entry %s names a parent %s that is not in the file", ErrUnreadable, e.uuid, e.parent)
		}
		i = p
	}
	slices.Reverse(chain)
	return chain, nil
}

// compaction notes a compact boundary at the root of chain in t and puts
// the messages the compaction kept back into the chain.
func (ix *index) compaction(f io.ReaderAt, chain []int32, t *Transcript) ([]int32, error) {
	first := &ix.entries[chain[0]]
	if first.kind != kindSystem || !first.boundary {
		return chain, nil
	}
	b, err := readBoundary(f, first)
	if err != nil {
		return nil, err
	}
	t.Compacted, t.CompactTrigger, t.PreTokens = true, b.Trigger, b.PreTokens
	return ix.splicePreserved(chain, b)
}

// readSpan reads the bytes of s (nil when s is empty).
func readSpan(f io.ReaderAt, s span) (json.RawMessage, error) {
	if s.n == 0 {
		return nil, nil
	}
	buf := make([]byte, s.n)
	if n, err := f.ReadAt(buf, s.off); n < len(buf) {
		return nil, err
	}
	return buf, nil
}
