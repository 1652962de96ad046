package notebookedit

import (
	"encoding/json"
	"fmt"
	"strings"

	"corvid/internal/tool"
)

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func countLines(s string) int {
	if s == "" {
		return 0
	}
	return strings.Count(strings.TrimSuffix(s, "\n"), "\n") + 1
}

// output is the structured result (Claude Code's NotebookEdit
// tool_use_result), plus the cell as written.
type output struct {
	NewSource    string          `json:"new_source"`
	CellID       string          `json:"cell_id"`
	CellType     string          `json:"cell_type"`
	Language     string          `json:"language"`
	EditMode     string          `json:"edit_mode"`
	Error        string          `json:"error"`
	NotebookPath string          `json:"notebook_path"`
	OriginalFile string          `json:"original_file"`
	UpdatedFile  string          `json:"updated_file"`
	Cell         json.RawMessage `json:"cell,omitempty"`
}

func (ch *change) result(original []byte, in input) *tool.Result {
	res := tool.Text(ch.text)
	res.Structured = output{NewSource: in.NewSource, CellID: ch.cellID, CellType: ch.cellType,
		Language: ch.nb.language, EditMode: in.EditMode, NotebookPath: ch.nb.path,
		OriginalFile: string(original), UpdatedFile: string(ch.updated), Cell: ch.cell}
	res.LinesAdded, res.LinesRemoved = ch.added, ch.removed
	return res
}
