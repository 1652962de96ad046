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
		Override: overrides(q.globs), Filter: typeFilter(g.types[q.fileType]),
		OnError: func(path string, err error) { c.skip(skipUnreadable, path, readFailure(err)) }}
	err := walk.Walk(ctx, q.root, opts, func(path string, d fs.DirEntry) error {
		if !g.searchFile(path, d, m, c) {
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
// cannot be read or are over maxFileSize are skipped and recorded; those
// holding a NUL byte (binary) are skipped.
func (g *goEngine) searchFile(path string, d fs.DirEntry, m matcher, c *collector) bool {
	if info, err := d.Info(); err == nil && info.Size() > maxFileSize {
		c.skip(skipTooLarge, path, "")
		return true
	}
	bp, _ := g.bufs.Get().(*[]byte)
	if bp == nil {
		bp = new([]byte)
	}
	defer func() {
		if cap(*bp) <= maxPooledBuffer {
			g.bufs.Put(bp)
		}
	}()
	data, err := readSmall(path, (*bp)[:0])
	*bp = data
	switch {
	case errors.Is(err, errTooLarge):
		c.skip(skipTooLarge, path, "")
		return true
	case err != nil:
		c.skip(skipUnreadable, path, readFailure(err))
		return true
	case bytes.IndexByte(data, 0) >= 0:
		return true
	}
	if r, found := m.file(path, data); found {
		return c.add(r)
	}
	return true
}

// errTooLarge: a file grew past maxFileSize while it was read.
var errTooLarge = errors.New("file larger than the size limit")

// readSmall reads a whole file into buf, growing it; errTooLarge when it
// is larger than maxFileSize.
func readSmall(path string, buf []byte) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return buf, err
	}
	defer f.Close()
	if cap(buf) == 0 {
		buf = make([]byte, 0, 32<<10)
	}
	for {
		if len(buf) == cap(buf) {
			if len(buf) > maxFileSize {
				return buf, errTooLarge
			}
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := f.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		switch {
		case errors.Is(err, io.EOF) && len(buf) > maxFileSize:
			return buf, errTooLarge
		case errors.Is(err, io.EOF):
			return buf, nil
		case err != nil:
			return buf, err
		}
	}
}
