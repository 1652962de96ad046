package grep

import (
	"bytes"
	"path/filepath"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// rg is run with --debug so that it says which files it skips: a file
// over --max-filesize gives "DEBUG|ignore::walk|…: ignoring PATH: N
// bytes", and a file or directory it cannot read gives "[rg: ]PATH: Message
// (os error N)". rgStderr picks those out of its stderr as they come,
// records them as skipped files and keeps the rest (up to a cap) as the
// error text; the other debug lines are dropped.
type rgStderr struct {
	dir     string // rg's working directory, for relative paths
	c       *collector
	rest    cappedBuffer
	partial []byte // an unfinished line
}

// maxStderrLine bounds one line kept while it is unfinished; the rest of
// a longer line is dropped (only debug lines are that long).
const maxStderrLine = 64 << 10

var (
	rgTooLarge  = regexp.MustCompile(`^DEBUG\|ignore::walk\|.*: ignoring (.+): [0-9]+ bytes$`)
	rgReadError = regexp.MustCompile(`^(?:rg: )?(.+): ([^:]+) \(os error [0-9]+\)$`)
)

func newRgStderr(dir string, c *collector) *rgStderr {
	return &rgStderr{dir: dir, c: c, rest: cappedBuffer{max: maxRgStderr}}
}

func (s *rgStderr) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			room := max(maxStderrLine-len(s.partial), 0)
			s.partial = append(s.partial, p[:min(len(p), room)]...)
			break
		}
		room := max(maxStderrLine-len(s.partial), 0)
		s.line(string(append(s.partial, p[:min(i, room)]...)))
		s.partial, p = s.partial[:0], p[i+1:]
	}
	return n, nil
}

// close handles a last line without a newline.
func (s *rgStderr) close() {
	if len(s.partial) > 0 {
		s.line(string(s.partial))
		s.partial = nil
	}
}

func (s *rgStderr) line(l string) {
	if m := rgTooLarge.FindStringSubmatch(l); m != nil {
		s.c.skip(skipTooLarge, s.abs(m[1]), "")
		return
	}
	if m := rgReadError.FindStringSubmatch(l); m != nil {
		s.c.skip(skipUnreadable, s.abs(m[1]), lowerFirst(m[2]))
		return
	}
	if strings.HasPrefix(l, "DEBUG|") || strings.HasPrefix(l, "TRACE|") {
		return
	}
	_, _ = s.rest.Write([]byte(l + "\n"))
}

func (s *rgStderr) abs(p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(s.dir, p)
}

func (s *rgStderr) String() string { return s.rest.String() }

// lowerFirst lower-cases rg's "Permission denied" to match the Go
// engine's "permission denied".
func lowerFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToLower(r)) + s[n:]
}
