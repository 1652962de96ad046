package session

import (
	"errors"
	"io/fs"
	"os"
)

// Open is NewWriter that locks the transcript at once when it exists
// already: ErrLocked when another process is writing it.
func Open(path string, meta Meta) (*Writer, error) {
	w := NewWriter(path, meta)
	f, err := openLocked(path)
	if errors.Is(err, fs.ErrNotExist) {
		return w, nil // created, locked, on the first entry
	}
	if err != nil {
		return nil, err
	}
	w.adopt(f)
	return w, nil
}

// Resume locks the existing transcript at path, then loads it, and
// returns a writer that continues its live chain: ErrLocked when another
// process is writing it. Loading under the lock sees a history no one
// else is adding to.
func Resume(path string, meta Meta) (*Writer, *Transcript, error) {
	f, err := openLocked(path)
	if err != nil {
		return nil, nil, err
	}
	t, err := Load(path)
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	w := NewWriter(path, meta)
	w.adopt(f)
	w.SetParent(t.Leaf)
	return w, t, nil
}

// open opens the file on first use, creating it locked (or locking the
// existing one). Call with mu held.
func (w *Writer) open() error {
	if w.f != nil {
		return nil
	}
	var f *os.File
	var err error
	if w.staged {
		f, err = createStaged(w.path)
	} else {
		f, err = createLocked(w.path)
	}
	if err != nil {
		return err
	}
	w.adopt(f)
	return nil
}

// adopt makes the opened, locked f the writer's file and reserves room
// ahead of its end. An existing file that does not end with '\n' (a torn
// last line) gets its next entry on a line of its own.
func (w *Writer) adopt(f *os.File) {
	w.f = f
	if info, err := f.Stat(); err == nil && info.Size() > 0 {
		w.size = info.Size()
		var last [1]byte
		if _, err := f.ReadAt(last[:], info.Size()-1); err != nil || last[0] != '\n' {
			w.torn = true
		}
	}
	w.reserve()
}
