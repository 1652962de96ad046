package session

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
)

// boundaryInfo is what the loader reads of a compact boundary's
// compactMetadata. Claude Code may keep the newest messages verbatim
// across a compaction: preservedSegment names them (headUuid … tailUuid,
// a parentUuid chain in the old history) and the entry after which they
// belong in the new one (anchorUuid, the summary).
type boundaryInfo struct {
	Trigger   string `json:"trigger"`
	PreTokens int    `json:"preTokens"`
	Preserved *struct {
		Head   string `json:"headUuid"`
		Anchor string `json:"anchorUuid"`
		Tail   string `json:"tailUuid"`
	} `json:"preservedSegment"`
}

// readBoundary decodes the metadata of the boundary entry e.
func readBoundary(f io.ReaderAt, e *entryInfo) (boundaryInfo, error) {
	var b boundaryInfo
	raw, err := readSpan(f, e.payload)
	if err != nil || raw == nil {
		return b, err
	}
	if err := json.Unmarshal(raw, &b); err != nil {
		return b, fmt.Errorf("%w: compact boundary %s: %v", ErrUnreadable, e.uuid, err)
	}
	return b, nil
}

// splicePreserved puts the preserved segment of a compaction back into
// the chain right after its anchor, as Claude Code does on resume. A
// segment that cannot be followed from tail to head is an error: the
// messages it names would be lost without a word.
func (ix *index) splicePreserved(chain []int32, b boundaryInfo) ([]int32, error) {
	p := b.Preserved
	if p == nil || p.Head == "" || p.Tail == "" {
		return chain, nil
	}
	anchor, ok := ix.byUUID[p.Anchor]
	k := slices.Index(chain, anchor)
	if !ok || k < 0 {
		return nil, fmt.Errorf("%w: the anchor %s of the messages kept by a compaction is not on the live chain", ErrUnreadable, p.Anchor)
	}
	seg, err := ix.segment(p.Head, p.Tail)
	if err != nil {
		return nil, err
	}
	return slices.Concat(chain[:k+1], seg, chain[k+1:]), nil
}

// segment returns the entries from head to tail (following parentUuid
// back from tail), head first.
func (ix *index) segment(head, tail string) ([]int32, error) {
	var seg []int32
	id := tail
	for range len(ix.entries) + 1 {
		i, ok := ix.byUUID[id]
		if !ok {
			return nil, fmt.Errorf("%w: entry %s of the messages kept by a compaction is missing", ErrUnreadable, id)
		}
		seg = append(seg, i)
		if id == head {
			slices.Reverse(seg)
			return seg, nil
		}
		if !ix.entries[i].hasParent {
			break
		}
		id = ix.entries[i].parent
	}
	return nil, fmt.Errorf("%w: the messages kept by a compaction do not lead from %s back to %s", ErrUnreadable, tail, head)
}
