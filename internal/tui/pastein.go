package tui

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"github.com/muesli/cancelreader"
)

// Bracketed paste markers, as the terminal sends them.
const (
	pasteStart = "\x1b[200~"
	pasteEnd   = "\x1b[201~"
	// pasteToken marks a paste lifted out of the input stream; the
	// number after it names the text in the store.
	pasteToken = "\x00corvid-paste:"
)

// pasteIn reads the terminal and lifts bracketed pastes out of what it
// reads: the program's input decoder handles a paste one character at a
// time (a key event each, about 0.3 s for 1 MB), so the paste's text is
// kept here and the program reads, in its place, a short bracketed token
// that names it. The token keeps the paste's place among the keys typed
// around it. The program reads from a pipe that the reading goroutine
// fills; stop ends that goroutine.
type pasteIn struct {
	in   io.Reader
	src  cancelreader.CancelReader
	w    *os.File
	done chan struct{}
	// paused: the reading stopped for another program (pause); the pipe
	// stays open.
	paused bool
	mu     sync.Mutex
	store  map[string]string
	n      int
}

// startPasteIn starts reading in; the program reads the returned file.
func startPasteIn(in io.Reader) (*os.File, *pasteIn, error) {
	src, err := cancelreader.NewReader(in)
	if err != nil {
		return nil, nil, fmt.Errorf("reading the terminal: %w", err)
	}
	r, w, err := os.Pipe()
	if err != nil {
		return nil, nil, fmt.Errorf("reading the terminal: %w", err)
	}
	p := &pasteIn{in: in, src: src, w: w, done: make(chan struct{}), store: map[string]string{}}
	go p.loop()
	return r, p, nil
}

// loop copies the terminal's input to the pipe, pastes replaced by
// tokens and a terminal's answers cut in pieces joined again
// (replyjoin.go), until the terminal's input ends or stop cancels it.
func (p *pasteIn) loop() {
	defer close(p.done)
	defer func() {
		if !p.isPaused() {
			p.w.Close()
		}
	}()
	var sc pasteScanner
	var replies replyJoiner // replyjoin.go
	buf := make([]byte, 64<<10)
	for {
		n, err := p.src.Read(buf)
		if out := replies.feed(sc.feed(buf[:n], p.keep)); len(out) > 0 {
			if _, werr := p.w.Write(out); werr != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}

// stop cancels the reading and waits for the goroutine to end.
func (p *pasteIn) stop() {
	p.src.Cancel()
	<-p.done
}

// keep stores a paste's text and returns its token.
func (p *pasteIn) keep(text string) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.n++
	id := itoa(p.n)
	p.store[id] = text
	return pasteToken + id
}

// take returns (and forgets) the text a pasted token names; any other
// paste is returned as it is.
func (p *pasteIn) take(pasted string) string {
	id, ok := strings.CutPrefix(pasted, pasteToken)
	if !ok {
		return pasted
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	text, ok := p.store[id]
	if !ok {
		return pasted
	}
	delete(p.store, id)
	return text
}

// pasteScanner finds bracketed pastes in a byte stream read in pieces.
type pasteScanner struct {
	pending []byte // read, not yet passed on (a possible marker's start)
	inPaste bool
	paste   bytes.Buffer
}

// feed consumes data and returns what to pass on, each complete paste
// replaced by a bracketed token from keep. A paste longer than maxPaste
// is kept to maxPaste+1 bytes (the interface refuses it whole).
func (s *pasteScanner) feed(data []byte, keep func(string) string) []byte {
	s.pending = append(s.pending, data...)
	var out []byte
	for {
		if !s.inPaste {
			i := bytes.Index(s.pending, []byte(pasteStart))
			if i < 0 {
				k := heldBack(s.pending, pasteStart, 2)
				out = append(out, s.pending[:len(s.pending)-k]...)
				s.pending = append(s.pending[:0], s.pending[len(s.pending)-k:]...)
				return out
			}
			out = append(out, s.pending[:i]...)
			s.pending = s.pending[i+len(pasteStart):]
			s.inPaste = true
			continue
		}
		j := bytes.Index(s.pending, []byte(pasteEnd))
		if j < 0 {
			k := heldBack(s.pending, pasteEnd, 1)
			s.add(s.pending[:len(s.pending)-k])
			s.pending = append(s.pending[:0], s.pending[len(s.pending)-k:]...)
			return out
		}
		s.add(s.pending[:j])
		s.pending = s.pending[j+len(pasteEnd):]
		out = append(out, pasteStart+keep(s.paste.String())+pasteEnd...)
		s.paste.Reset()
		s.inPaste = false
	}
}

func (s *pasteScanner) add(b []byte) {
	if room := maxPaste + 1 - s.paste.Len(); room > 0 {
		s.paste.Write(b[:min(len(b), room)])
	}
}

// heldBack is how many bytes at b's end could begin marker, counting
// only from least bytes: outside a paste two, so that a lone Esc key is
// never held back waiting for more input (a start marker cut after its
// Esc then reaches the program's own paste decoding, slower but whole).
func heldBack(b []byte, marker string, least int) int {
	for k := min(len(marker)-1, len(b)); k >= least; k-- {
		if string(b[len(b)-k:]) == marker[:k] {
			return k
		}
	}
	return 0
}
