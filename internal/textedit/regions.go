package textedit

import "strings"

// Anchoring keeps tolerant matching cheap on large files: every tolerant
// match holds the anchor (the longest run of old_string's characters that
// no normalisation touches) byte for byte, so only the lines around its
// occurrences need normalising.
const (
	minAnchor = 4       // shorter anchors are too common to help
	maxHits   = 1 << 12 // past this many occurrences, scan the whole text
)

// region is a stretch of whole lines of the text, [start, end).
type region struct{ start, end int }

// regionsFor returns the stretches of text a tolerant match of old can
// lie in: the lines around each occurrence of its anchor, or the whole
// text when it has no useful anchor.
func regionsFor(text, old string) []region {
	whole := []region{{0, len(text)}}
	nold := normalize(old, false).s
	a, at, rare := anchor(nold, sample(text))
	if len(a) < minAnchor {
		return whole
	}
	before := strings.Count(nold[:at], "\n")
	after := strings.Count(nold[at:], "\n")
	var out []region
	for off, hits := 0, 0; ; hits++ {
		i := indexRare(text[off:], a, rare)
		if i < 0 {
			return out
		}
		if hits == maxHits {
			return whole
		}
		h := off + i
		r := region{linesBack(text, h, before), linesForward(text, h, after)}
		if n := len(out); n > 0 && r.start <= out[n-1].end {
			out[n-1].end = max(out[n-1].end, r.end)
		} else {
			out = append(out, r)
		}
		off = h + len(a)
	}
}

// sample counts the bytes of the start of text: how common each is.
func sample(text string) *[256]int {
	var freq [256]int
	for i := 0; i < min(len(text), 1<<16); i++ {
		freq[text[i]]++
	}
	return &freq
}

// anchor returns the stretch of nold (a normalised old_string) to look
// for, its offset, and the offset in it of its rarest byte in the text
// (by freq): among the runs of at least minAnchor bytes a tolerant match
// must hold unchanged (printable ASCII except blanks and the characters
// other ones normalise to, - . ' ", and not before a combining mark), the
// one with the rarest byte, the longest of equals.
func anchor(nold string, freq *[256]int) (string, int, int) {
	best, bestAt, bestRare, bestFreq := "", 0, 0, -1
	for i := 0; i < len(nold); {
		if !invariant(nold[i]) {
			i++
			continue
		}
		j := i
		for j < len(nold) && invariant(nold[j]) {
			j++
		}
		end := j
		if j < len(nold) && nold[j] >= 0x80 && end > i {
			end-- // a letter before a combining mark may come from a precomposed one
		}
		if end-i >= minAnchor {
			r := i
			for k := i; k < end; k++ {
				if freq[nold[k]] < freq[nold[r]] {
					r = k
				}
			}
			f := freq[nold[r]]
			if bestFreq < 0 || f < bestFreq || (f == bestFreq && end-i > len(best)) {
				best, bestAt, bestRare, bestFreq = nold[i:end], i, r-i, f
			}
		}
		i = j
	}
	return best, bestAt, bestRare
}

// indexRare is strings.Index(s, a), scanning for a's rare byte at offset
// rare (memchr speed) and checking a around it.
func indexRare(s, a string, rare int) int {
	c := a[rare]
	for off := rare; off < len(s); {
		i := strings.IndexByte(s[off:], c)
		if i < 0 {
			return -1
		}
		at := off + i - rare
		if at+len(a) <= len(s) && s[at:at+len(a)] == a {
			return at
		}
		off += i + 1
	}
	return -1
}

func invariant(c byte) bool {
	return c > ' ' && c < 0x7f && c != '-' && c != '.' && c != '\'' && c != '"'
}

// linesBack returns the start of the line n lines before the one holding
// offset i.
func linesBack(text string, i, n int) int {
	for {
		j := strings.LastIndexByte(text[:i], '\n')
		if j < 0 {
			return 0
		}
		if n == 0 {
			return j + 1
		}
		i, n = j, n-1
	}
}

// linesForward returns the end (past its line break) of the line n lines
// after the one holding offset i.
func linesForward(text string, i, n int) int {
	for {
		j := strings.IndexByte(text[i:], '\n')
		if j < 0 {
			return len(text)
		}
		if n == 0 {
			return i + j + 1
		}
		i, n = i+j+1, n-1
	}
}
