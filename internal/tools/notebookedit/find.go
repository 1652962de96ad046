package notebookedit

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// find returns the index of the cell with id, or, when no cell has that
// id, of "cell-N" (the N-th cell counting from 0, the name Read gives
// cells of notebooks without ids).
func (nb *notebook) find(id string) (int, error) {
	if id == "" {
		return 0, errors.New("cell_id is empty. Give the id of the cell to change.")
	}
	ids, err := nb.cellIDs()
	if err != nil {
		return 0, err
	}
	for i, v := range ids {
		if v == id {
			return i, nil
		}
	}
	if n, ok := strings.CutPrefix(id, "cell-"); ok {
		if i, err := strconv.Atoi(n); err == nil && i >= 0 && i < len(nb.cells) && n == strconv.Itoa(i) {
			return i, nil
		}
	}
	return 0, notFound(id, ids)
}

// cellIDs returns each cell's id ("" for a cell without one).
func (nb *notebook) cellIDs() ([]string, error) {
	ids := make([]string, len(nb.cells))
	for i := range nb.cells {
		var c struct{ ID string }
		if err := json.Unmarshal(nb.cell(i), &c); err != nil {
			return nil, notebookErr(err)
		}
		ids[i] = c.ID
	}
	return ids, nil
}

// notFound names the cells there are, to help the model pick one.
func notFound(id string, ids []string) error {
	const show = 10
	var names []string
	for i, v := range ids {
		if v == "" {
			v = "cell-" + strconv.Itoa(i)
		}
		names = append(names, strconv.Quote(v))
	}
	more := ""
	if len(names) > show {
		more = fmt.Sprintf(" and %d more", len(names)-show)
		names = names[:show]
	}
	if len(names) == 0 {
		return fmt.Errorf("Cell %q was not found: the notebook has no cells. Insert one with edit_mode \"insert\".", id)
	}
	return fmt.Errorf("Cell %q was not found in the notebook. Its cells are %s%s.", id, strings.Join(names, ", "), more)
}
