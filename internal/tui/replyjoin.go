package tui

import "time"

// A terminal's answer to a query (the background colour, OSC 11) comes
// back on the input like keys do. The program's input decoder gives an
// escape sequence 50 ms to complete; over ssh an answer can arrive cut
// in two with a longer gap between the pieces (a lost packet is sent
// again after 200 ms or more), and the decoder then types the second
// piece ("ffff/ffff/ffff") into the input box. replyJoiner, on the
// terminal's input before the decoder, holds an operating system
// command (ESC ] digits ; text, ended by BEL or ESC \) until it is
// whole and passes it on in one piece.

const (
	// replyHoldFor bounds how long an unfinished answer is waited for:
	// input that arrives later is read as keys, and the piece held is
	// dropped (the answer is lost, no key is).
	replyHoldFor = 2 * time.Second
	// maxReply caps an answer held; a longer one is dropped.
	maxReply = 1 << 10
)

// replyJoiner holds an unfinished OSC answer between reads. The input is
// in order, so what follows the answer's first piece is its rest, never
// keys typed in between.
type replyJoiner struct {
	now func() time.Time
	// held is the answer so far ("\x1b]11;rgb:ff"); since is when it
	// began; orphan: its Esc was passed on already, as the Esc key (the
	// previous read ended with it).
	held   []byte
	since  time.Time
	orphan bool
	// escLast: the last read ended in a lone Esc, passed on.
	escLast bool
}

// feed takes one read of the terminal and returns what to pass on.
func (j *replyJoiner) feed(data []byte) []byte {
	if len(data) == 0 {
		return nil
	}
	now := j.clock()
	var out []byte
	if len(j.held) > 0 && now.Sub(j.since) > replyHoldFor {
		out = j.release(out)
	}
	if j.escLast && len(j.held) == 0 && data[0] == ']' {
		j.held, j.since, j.orphan = append(j.held, 0x1b), now, true
	}
	j.escLast = false
	for i := 0; i < len(data); i++ {
		c := data[i]
		if len(j.held) == 0 {
			if c == 0x1b && i+1 < len(data) && data[i+1] == ']' {
				j.held, j.since, j.orphan = append(j.held, c), now, false
				continue
			}
			out = append(out, c)
			j.escLast = c == 0x1b && i+1 == len(data)
			continue
		}
		switch j.take(c) {
		case replyDone:
			out = append(out, j.held...)
			j.held = j.held[:0]
		case replyNotOne:
			out = j.release(out)
			i-- // c is read again, as input of its own
		case replyCutByEsc:
			j.drop()
			// The Esc that cut the answer, and c, are read again.
			data = append([]byte{0x1b}, data[i:]...)
			i = -1
		}
	}
	return out
}

// release ends the answer held, unfinished: an "ESC ]" with nothing
// after it is passed on (the key alt+]), anything longer is a broken
// answer and dropped.
func (j *replyJoiner) release(out []byte) []byte {
	if len(j.held) == 2 {
		if j.orphan {
			out = append(out, ']')
		} else {
			out = append(out, j.held...)
		}
	}
	j.drop()
	return out
}

type replyStep int

const (
	replyMore     replyStep = iota // c belongs to the answer; more to come
	replyDone                      // c ended the answer
	replyNotOne                    // c cannot be part of an answer
	replyCutByEsc                  // an Esc in the answer did not start its ST
)

// take adds c to the answer held ("\x1b" and more) if it fits the shape
// ESC ] digits ; printable text (BEL | ESC \).
func (j *replyJoiner) take(c byte) replyStep {
	h := j.held
	switch {
	case len(h) == 1:
		return j.add(c, c == ']')
	case h[len(h)-1] == 0x1b: // only ST's backslash may follow
		if c != '\\' {
			j.held = h[:len(h)-1]
			return replyCutByEsc
		}
		j.held = append(h, c)
		return replyDone
	case !j.paramsDone():
		return j.add(c, c >= '0' && c <= '9' || c == ';' && len(h) > 2)
	case c == 0x07:
		j.held = append(h, c)
		return replyDone
	case c == 0x1b:
		return j.add(c, true)
	}
	return j.add(c, c >= 0x20 && c < 0x7f)
}

func (j *replyJoiner) add(c byte, ok bool) replyStep {
	if !ok || len(j.held) >= maxReply {
		return replyNotOne
	}
	j.held = append(j.held, c)
	return replyMore
}

// paramsDone: the answer held has its number and its ';'.
func (j *replyJoiner) paramsDone() bool {
	for _, c := range j.held[2:] {
		if c == ';' {
			return true
		}
	}
	return false
}

func (j *replyJoiner) drop() { j.held, j.orphan = j.held[:0], false }

func (j *replyJoiner) clock() time.Time {
	if j.now != nil {
		return j.now()
	}
	return time.Now()
}
