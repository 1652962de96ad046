package notebookedit

import (
	"fmt"
	"slices"
	"strings"

	"github.com/google/uuid"

	"corvid/internal/patch"
)

// change is an edit worked out in memory, ready to write.
type change struct {
	updated  []byte
	nb       *notebook
	cellID   string // the cell changed (for insert: the new cell)
	cellType string
	cell     []byte // the cell as written; nil for delete
	text     string // what happened, for the model
	added    int
	removed  int
}

// edit applies in to src, the notebook at path.
func edit(path string, src []byte, in input) (*change, error) {
	nb, err := parse(path, src)
	if err != nil {
		return nil, err
	}
	switch in.EditMode {
	case "insert":
		return nb.insert(in)
	case "delete":
		return nb.remove(in)
	}
	return nb.replace(in)
}

func (nb *notebook) replace(in input) (*change, error) {
	i, c, err := nb.target(in.CellID)
	if err != nil {
		return nil, err
	}
	old, _ := c.get("source")
	was := c.str("cell_type")
	kind := firstOf(in.CellType, was)
	src := sourceValue(in.NewSource, isList(old))
	if kind == "code" || kind == "markdown" {
		c.setKind(kind, src)
	} else {
		c.set("source", src) // a raw cell, say: only its source changes
	}
	l := nb.layout()
	data, err := l.encode(c)
	if err != nil {
		return nil, err
	}
	id := firstOf(c.str("id"), in.CellID)
	d := patch.Compute(sourceText(old), in.NewSource)
	text := fmt.Sprintf("Updated cell %s of %s: its source was replaced", id, nb.path)
	if kind == "code" {
		text += " and its outputs and execution count were cleared"
	}
	if kind != was {
		text += fmt.Sprintf("; it is now a %s cell (it was %s)", kind, firstOf(was, "untyped"))
	}
	return &change{updated: nb.replaced(i, data), nb: nb, cellID: id, cellType: kind, cell: data,
		text: text + ".", added: d.Added, removed: d.Removed}, nil
}

func (nb *notebook) insert(in input) (*change, error) {
	at, where := 0, "at the start of "+nb.path
	if in.CellID != "" {
		i, err := nb.find(in.CellID)
		if err != nil {
			return nil, err
		}
		at, where = i+1, fmt.Sprintf("after cell %s in %s", in.CellID, nb.path)
	}
	id, err := nb.freshID()
	if err != nil {
		return nil, err
	}
	c := newCell(in.CellType, id)
	c.setKind(in.CellType, sourceValue(in.NewSource, nb.listSources(at)))
	l := nb.layout()
	data, err := l.encode(c)
	if err != nil {
		return nil, err
	}
	shown := firstOf(id, fmt.Sprintf("cell-%d", at))
	return &change{updated: nb.inserted(at, data, l), nb: nb, cellID: shown, cellType: in.CellType, cell: data,
		text:  fmt.Sprintf("Inserted a new %s cell %s %s.", in.CellType, shown, where),
		added: countLines(in.NewSource)}, nil
}

func (nb *notebook) remove(in input) (*change, error) {
	i, c, err := nb.target(in.CellID)
	if err != nil {
		return nil, err
	}
	old, _ := c.get("source")
	id, kind := firstOf(c.str("id"), in.CellID), c.str("cell_type")
	return &change{updated: nb.deleted(i), nb: nb, cellID: id, cellType: kind,
		text: fmt.Sprintf("Deleted %s cell %s from %s; the notebook now has %s.", kind, id, nb.path,
			plural(len(nb.cells)-1, "cell")),
		removed: countLines(sourceText(old))}, nil
}

// target finds and parses the cell called id.
func (nb *notebook) target(id string) (int, *cell, error) {
	i, err := nb.find(id)
	if err != nil {
		return 0, nil, err
	}
	c, err := parseCell(nb.cell(i))
	return i, c, err
}

// freshID is a new cell id unlike the others, or "" when the notebook's
// format predates cell ids (nbformat < 4.5).
func (nb *notebook) freshID() (string, error) {
	if !nb.hasIDs() {
		return "", nil
	}
	ids, err := nb.cellIDs()
	if err != nil {
		return "", err
	}
	for {
		id := strings.ReplaceAll(uuid.NewString(), "-", "")[:8]
		if !slices.Contains(ids, id) {
			return id, nil
		}
	}
}

// listSources reports whether a cell inserted at position at should keep
// its source as a list of lines, like the cell before it (or the first
// cell); Jupyter's own form, a list, when there are none.
func (nb *notebook) listSources(at int) bool {
	if len(nb.cells) == 0 {
		return true
	}
	c, err := parseCell(nb.cell(max(at-1, 0)))
	if err != nil {
		return true
	}
	src, ok := c.get("source")
	return !ok || isList(src)
}
