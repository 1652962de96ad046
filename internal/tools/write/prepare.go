package write

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"corvid/internal/filestate"
	"corvid/internal/tool"
)

// maxDiffBytes caps the original content kept for the structured patch;
// a bigger file is replaced without one.
const maxDiffBytes = 8 << 20

// original is what the file held before the write.
type original struct {
	exists bool
	// content is nil when the file was too big to keep.
	content *string
	lines   int
}

// prepare checks that path may be written and reads what it holds now.
func (t *Tool) prepare(path string) (original, *tool.Result) {
	info, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist), errors.Is(err, syscall.ENOTDIR):
		if parent := fileAncestor(path); parent != "" {
			return original{}, tool.UseError(msgParentNotDir(path, parent))
		}
		return original{}, nil
	case err != nil:
		return original{}, ioError(path, err)
	case info.IsDir():
		return original{}, tool.UseError(msgDirectory(path))
	case !info.Mode().IsRegular():
		return original{}, tool.UseError(msgNotRegular(path, info.Mode()))
	}
	if t.files != nil {
		if err := t.files.CheckFresh(path); errors.Is(err, filestate.ErrNotRead) || errors.Is(err, filestate.ErrModified) {
			return original{}, tool.UseError(err.Error())
		} else if err != nil {
			return original{}, ioError(path, err)
		}
	}
	old, err := readOriginal(path)
	if err != nil {
		return original{}, ioError(path, err)
	}
	return old, nil
}

// fileAncestor returns the closest existing ancestor of path when it is
// not a directory (so path cannot be created), else "".
func fileAncestor(path string) string {
	for dir := filepath.Dir(path); ; dir = filepath.Dir(dir) {
		info, err := os.Stat(dir)
		if err == nil {
			if info.IsDir() {
				return ""
			}
			return dir
		}
		if dir == filepath.Dir(dir) {
			return ""
		}
	}
}

// readOriginal keeps the content of a file up to maxDiffBytes and counts
// the lines of a bigger one.
func readOriginal(path string) (original, error) {
	f, err := os.Open(path)
	if err != nil {
		return original{}, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxDiffBytes+1))
	if err != nil {
		return original{}, err
	}
	old := original{exists: true}
	if len(data) <= maxDiffBytes {
		s := string(data)
		old.content, old.lines = &s, countLines(s)
		return old, nil
	}
	old.lines, err = countRest(f, data)
	return old, err
}

// countRest counts the lines of a file whose start is head and whose
// rest is still to be read from r.
func countRest(r io.Reader, head []byte) (int, error) {
	n := bytes.Count(head, []byte{'\n'})
	last := head[len(head)-1]
	buf := make([]byte, 1<<20)
	for {
		k, err := r.Read(buf)
		if k > 0 {
			n += bytes.Count(buf[:k], []byte{'\n'})
			last = buf[k-1]
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return 0, err
		}
	}
	if last != '\n' {
		n++
	}
	return n, nil
}

// countLines counts lines as an editor shows them: a final newline ends
// the last line rather than starting another.
func countLines(s string) int {
	if s == "" {
		return 0
	}
	n := strings.Count(s, "\n")
	if s[len(s)-1] != '\n' {
		n++
	}
	return n
}

// ioError reports a file-system failure (nothing was written).
func ioError(path string, err error) *tool.Result {
	if errors.Is(err, fs.ErrPermission) {
		return tool.ErrorText(msgPermission(path))
	}
	return tool.ErrorText(msgFailed(path, err))
}
