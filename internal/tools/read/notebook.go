package read

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"corvid/internal/tool"
)

// maxNotebookFile is the largest notebook Read parses.
const maxNotebookFile = 100 << 20

// NotebookOutput is the structured result of a notebook read.
type NotebookOutput struct {
	Type string       `json:"type"` // "notebook"
	File NotebookFile `json:"file"`
}

// NotebookFile holds the cells as shown to the model.
type NotebookFile struct {
	FilePath string         `json:"filePath"`
	Cells    []NotebookCell `json:"cells"`
}

// NotebookCell is one cell. CellID is the cell's id, or "cell-N" (N the
// 0-based index) for notebooks older than nbformat 4.5.
type NotebookCell struct {
	CellID         string       `json:"cellId"`
	CellType       string       `json:"cellType"`
	Source         string       `json:"source"`
	Language       string       `json:"language,omitempty"`
	ExecutionCount *int         `json:"executionCount,omitempty"`
	Outputs        []CellOutput `json:"outputs,omitempty"`
}

// CellOutput is one output of a code cell: its text, and the media type
// of an image it holds.
type CellOutput struct {
	OutputType string `json:"outputType"`
	Text       string `json:"text,omitempty"`
	Image      string `json:"image,omitempty"`
}

// nbFile is the part of an .ipynb file Read looks at.
type nbFile struct {
	Cells    []nbCell `json:"cells"`
	Metadata struct {
		LanguageInfo struct {
			Name string `json:"name"`
		} `json:"language_info"`
	} `json:"metadata"`
}

type nbCell struct {
	ID             string     `json:"id"`
	CellType       string     `json:"cell_type"`
	Source         multiline  `json:"source"`
	ExecutionCount *int       `json:"execution_count"`
	Outputs        []nbOutput `json:"outputs"`
}

type nbOutput struct {
	OutputType string                     `json:"output_type"`
	Name       string                     `json:"name"`
	Text       multiline                  `json:"text"`
	Data       map[string]json.RawMessage `json:"data"`
	Ename      string                     `json:"ename"`
	Evalue     string                     `json:"evalue"`
	Traceback  []string                   `json:"traceback"`
}

// multiline is nbformat's text: a string or a list of strings.
type multiline string

func (m *multiline) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*m = multiline(s)
		return nil
	}
	var parts []string
	if err := json.Unmarshal(b, &parts); err != nil {
		return fmt.Errorf("expected a string or a list of strings: %w", err)
	}
	*m = multiline(strings.Join(parts, ""))
	return nil
}

func (t *Tool) readNotebook(ctx context.Context, in input, f *file) (*tool.Result, error) {
	if f.size > maxNotebookFile {
		return tool.UseError(msgNotebookTooBig(in.path, f.size)), nil
	}
	data, err := f.readAll(ctx)
	if err != nil {
		return readFailed(ctx, in.path, err)
	}
	var nb nbFile
	if err := json.Unmarshal(data, &nb); err != nil {
		return tool.UseError(msgNotebookInvalid(in.path, err)), nil
	}
	r := renderNotebook(ctx, nb)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if tokens := maxTokens(); r.textLen > tokens*bytesPerToken {
		return tool.UseError(msgNotebookTooLong(in.path, r.textLen/bytesPerToken, tokens)), nil
	}
	t.record(f, false, 0, 0)
	out := NotebookOutput{Type: "notebook", File: NotebookFile{FilePath: in.path, Cells: r.cells}}
	return &tool.Result{Content: r.blocks, Structured: out}, nil
}

func msgNotebookTooBig(path string, size int64) string {
	return fmt.Sprintf("%s is %s; notebooks over %s are not read. Look at parts of it with jq through Bash, for example `jq '.cells[:10]' %s`.",
		path, humanSize(size), humanSize(maxNotebookFile), path)
}

func msgNotebookInvalid(path string, err error) string {
	return fmt.Sprintf("%s is not a valid Jupyter notebook (%v). To see its raw content, use Bash (for example `head -c 4000 %s`).", path, err, path)
}

func msgNotebookTooLong(path string, got, tokens int) string {
	return fmt.Sprintf("The cells and outputs of %s come to about %d tokens, more than the %d-token limit of one read. Look at parts of it with jq through Bash, for example `jq '.cells[:10]' %s` or `jq '.cells[] | .source' %s`.",
		path, got, tokens, path, path)
}
