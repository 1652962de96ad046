package grep

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"sync"

	"corvid/internal/walk"
)

// goEngine searches in-process: a parallel walk with rg's ignore rules
// and Go's regexp (RE2, the same family as rg's default engine).
type goEngine struct {
	types  map[string][]string
	hidden bool
	bufs   sync.Pool // *[]byte read buffers
}

// maxPooledBuffer: larger read buffers are left to the garbage collector.
const maxPooledBuffer = 1 << 20

var errStop = errors.New("grep: caps reached")

func (g *goEngine) name() string { return "go" }

func (g *goEngine) search(ctx context.Context, q *query) (*results, error) {
	c := &collector{caps: q.caps}
	m := matcher{q: q}
	opts := walk.Options{Ignore: true, SkipHidden: !g.hidden,
		Override: overrides(q.globs), Filter: typeFilter(g.types[q.fileType])}
	err := walk.Walk(ctx, q.root, opts, func(path string, _ fs.DirEntry) error {
		if !g.searchFile(path, m, c) {
			return errStop
		}
		return nil
	})
	if err != nil && !errors.Is(err, errStop) {
		return nil, err
	}
	return c.results(), nil
}

// searchFile searches one file; false means stop the search. Files that
// cannot be read, are over maxFileSize or hold a NUL byte (binary) are
// skipped.
func (g *goEngine) searchFile(path string, m matcher, c *collector) bool {
	bp, _ := g.bufs.Get().(*[]byte)
	if bp == nil {
		bp = new([]byte)
	}
	defer func() {
		if cap(*bp) <= maxPooledBuffer {
			g.bufs.Put(bp)
		}
	}()
	data, ok := readSmall(path, (*bp)[:0])
	*bp = data
	if !ok || bytes.IndexByte(data, 0) >= 0 {
		return true
	}
	if r, found := m.file(path, data); found {
		return c.add(r)
	}
	return true
}

// readSmall reads a whole file into buf, growing it; false when the file
// cannot be read or is larger than maxFileSize.
func readSmall(path string, buf []byte) ([]byte, bool) {
	f, err := os.Open(path)
	if err != nil {
		return buf, false
	}
	defer f.Close()
	if cap(buf) == 0 {
		buf = make([]byte, 0, 32<<10)
	}
	for {
		if len(buf) == cap(buf) {
			if len(buf) > maxFileSize {
				return buf, false
			}
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := f.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		switch {
		case errors.Is(err, io.EOF):
			return buf, len(buf) <= maxFileSize
		case err != nil:
			return buf, false
		}
	}
}
