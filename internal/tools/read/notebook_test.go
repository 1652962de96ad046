package read

import (
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"

	"corvid/internal/provider"
)

// notebookJSON builds an nbformat 4 notebook; a cell without "id" is
// numbered by Read.
func notebookJSON(t *testing.T, cells ...map[string]any) []byte {
	nb := map[string]any{"nbformat": 4, "nbformat_minor": 5, "cells": cells,
		"metadata": map[string]any{"language_info": map[string]any{"name": "python"}}}
	data, err := json.MarshalIndent(nb, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func sampleNotebook(t *testing.T) []byte {
	img := base64.StdEncoding.EncodeToString(pngOf(t, gradient(8, 8, false)))
	return notebookJSON(t,
		map[string]any{"id": "intro", "cell_type": "markdown", "metadata": map[string]any{},
			"source": []string{"# Title\n", "Some *notes*."}},
		map[string]any{"id": "load", "cell_type": "code", "execution_count": 1, "metadata": map[string]any{},
			"source": "print('hi')\nx = 41 + 1",
			"outputs": []any{
				map[string]any{"output_type": "stream", "name": "stdout", "text": []string{"hi\n"}},
				map[string]any{"output_type": "execute_result", "execution_count": 1, "metadata": map[string]any{},
					"data": map[string]any{"text/plain": "42"}},
			}},
		map[string]any{"cell_type": "code", "execution_count": nil, "metadata": map[string]any{},
			"source": "plot()", "outputs": []any{
				map[string]any{"output_type": "display_data", "metadata": map[string]any{},
					"data": map[string]any{"text/plain": "<Figure>", "image/png": img[:20] + "\n" + img[20:]}},
			}},
		map[string]any{"id": "boom", "cell_type": "code", "execution_count": 3, "metadata": map[string]any{},
			"source": "1/0", "outputs": []any{
				map[string]any{"output_type": "error", "ename": "ZeroDivisionError", "evalue": "division by zero",
					"traceback": []string{"\x1b[0;31mZeroDivisionError\x1b[0m  Traceback", "----> 1 1/0"}},
			}},
		map[string]any{"id": "noisy", "cell_type": "code", "execution_count": 4, "metadata": map[string]any{},
			"source": "spam()", "outputs": []any{
				map[string]any{"output_type": "stream", "name": "stdout", "text": strings.Repeat("ab", maxOutputChars)},
			}},
	)
}

func TestNotebook(t *testing.T) {
	f := newFixture(t)
	path := f.write(t, "analysis.ipynb", sampleNotebook(t))
	r := f.call(t, `{"file_path":"$DIR/analysis.ipynb"}`)
	if r.Result.IsError {
		t.Fatal(r.Text())
	}
	var kinds []provider.BlockType
	for _, b := range r.Result.Content {
		kinds = append(kinds, b.Type)
	}
	if len(kinds) != 3 || kinds[0] != provider.BlockText || kinds[1] != provider.BlockImage || kinds[2] != provider.BlockText {
		t.Fatalf("blocks %v, want text, image, text", kinds)
	}
	if img := r.Result.Content[1].Source; img.MediaType != "image/png" || img.Data == "" {
		t.Errorf("image block %+v", img.MediaType)
	}
	f.golden(t, "notebook", contentText(r.Result))
	out := r.Result.Structured.(NotebookOutput)
	if out.Type != "notebook" || out.File.FilePath != path || len(out.File.Cells) != 5 {
		t.Fatalf("structured %+v", out)
	}
	if c := out.File.Cells[2]; c.CellID != "cell-2" || c.Outputs[0].Image != "image/png" || c.ExecutionCount != nil {
		t.Errorf("cell without id: %+v", c)
	}
	if c := out.File.Cells[1]; c.Language != "python" || *c.ExecutionCount != 1 || c.Outputs[1].Text != "42" {
		t.Errorf("code cell: %+v", c)
	}
	if _, ok := f.files.Get(path); !ok {
		t.Error("notebook not recorded as read")
	}
}

func TestNotebookErrors(t *testing.T) {
	f := newFixture(t)
	f.write(t, "broken.ipynb", []byte(`{"cells": [`))
	f.write(t, "wrongtype.ipynb", []byte(`{"cells": [{"cell_type": "code", "source": 42}]}`))
	f.write(t, "empty.ipynb", []byte(`{"cells": []}`))
	f.write(t, "analysis.ipynb", sampleNotebook(t))
	cases := []struct {
		name, file, env string
		isError         bool
	}{
		{name: "broken", file: "broken.ipynb", isError: true},
		{name: "wrongtype", file: "wrongtype.ipynb", isError: true},
		{name: "no_cells", file: "empty.ipynb"},
		{name: "too_long", file: "analysis.ipynb", env: "100", isError: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.env != "" {
				t.Setenv(maxTokensEnv, c.env)
			}
			r := f.call(t, `{"file_path":"$DIR/`+c.file+`"}`)
			if r.Result.IsError != c.isError {
				t.Errorf("IsError = %v: %s", r.Result.IsError, r.Text())
			}
			f.golden(t, "notebook_"+c.name, r.Text())
		})
	}
}
