package provider

import "sort"

// PartialText returns the text that has streamed of the text blocks still
// open (cut before their content_block_stop), in block order, leaving out
// empty ones. An interrupt keeps it: it is what the user saw.
func (a *Assembler) PartialText() []Block {
	idx := make([]int, 0, len(a.open))
	for i, ob := range a.open {
		if ob.block.Type == BlockText && ob.buf.Len() > 0 {
			idx = append(idx, i)
		}
	}
	sort.Ints(idx)
	out := make([]Block, 0, len(idx))
	for _, i := range idx {
		out = append(out, TextBlock(a.open[i].buf.String()))
	}
	return out
}
