package session

import "slices"

// A transcript is a tree, not a list. Claude Code writes each content
// block of a response as its own assistant entry (sharing message.id),
// each one the child of the one before, and hangs each parallel tool
// result off the entry of its own tool_use; the next response follows
// the result that was written last. The path from the leaf back to the
// root therefore crosses one tool_use and one result of a parallel batch
// and misses the others. expand puts them back, as Claude Code does when
// it resumes.

// step is one entry of an expanded chain. extra marks an entry that is not
// on the path from the leaf: a sibling block of a response on the path,
// or a tool result hung off one of its blocks. An extra user entry counts
// only when it holds nothing but tool results.
type step struct {
	pos   int32
	extra bool
}

// expand returns the chain with, at the first entry of each response on
// it, every block of that response (file order) followed by every tool
// result entry hung off those blocks (file order); the entries it moved
// are not repeated later.
func (ix *index) expand(chain []int32) []step {
	onChain := make(map[int32]bool, len(chain))
	groups := map[string]bool{}
	for _, i := range chain {
		onChain[i] = true
		if e := &ix.entries[i]; e.kind == kindAssistant && e.msgID != "" {
			groups[e.msgID] = true
		}
	}
	if len(groups) == 0 {
		return plainSteps(chain)
	}
	members, results := ix.related(groups)
	done := make(map[int32]bool)
	out := make([]step, 0, len(chain))
	for _, i := range chain {
		if done[i] {
			continue
		}
		e := &ix.entries[i]
		if e.kind != kindAssistant || !groups[e.msgID] {
			out = append(out, step{pos: i})
			continue
		}
		for _, m := range members[e.msgID] {
			done[m] = true
			out = append(out, step{pos: m, extra: !onChain[m]})
		}
		for _, r := range results[e.msgID] {
			done[r] = true
			out = append(out, step{pos: r, extra: !onChain[r]})
		}
	}
	return out
}

// related finds, for each response id in groups, its block entries and the
// user entries hung off them (by parentUuid or sourceToolAssistantUUID),
// each in file order.
func (ix *index) related(groups map[string]bool) (members, results map[string][]int32) {
	members, results = map[string][]int32{}, map[string][]int32{}
	owner := map[string]string{} // block entry uuid → response id
	for i := range ix.entries {
		e := &ix.entries[i]
		switch {
		case e.kind == kindAssistant && groups[e.msgID]:
			members[e.msgID] = append(members[e.msgID], int32(i))
			owner[e.uuid] = e.msgID
		case e.kind == kindUser:
			id, ok := owner[e.source]
			if !ok {
				id, ok = ix.ownerAbove(e, owner)
			}
			if ok {
				results[id] = append(results[id], int32(i))
			}
		}
	}
	for id := range results {
		results[id] = slices.Compact(results[id])
	}
	return members, results
}

// maxHops bounds the walk from a result up through entries that are not
// messages (progress, attachments) to the block it answers.
const maxHops = 64

// ownerAbove is the response of the block entry e hangs off: its parent,
// or the first block entry above it when only entries that are not
// messages (progress, attachments) lie between.
func (ix *index) ownerAbove(e *entryInfo, owner map[string]string) (string, bool) {
	parent, has := e.parent, e.hasParent
	for range maxHops {
		if !has {
			return "", false
		}
		if id, ok := owner[parent]; ok {
			return id, true
		}
		p, ok := ix.byUUID[parent]
		if !ok || ix.entries[p].kind != kindOther {
			return "", false
		}
		parent, has = ix.entries[p].parent, ix.entries[p].hasParent
	}
	return "", false
}

func plainSteps(chain []int32) []step {
	out := make([]step, len(chain))
	for k, i := range chain {
		out[k] = step{pos: i}
	}
	return out
}
