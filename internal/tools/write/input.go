package write

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
)

// input is a checked Write input.
type input struct {
	path    string
	content string
}

type rawInput struct {
	FilePath *string `json:"file_path"`
	Content  *string `json:"content"`
}

func parseInput(raw json.RawMessage) (input, error) {
	var r rawInput
	if err := json.Unmarshal(raw, &r); err != nil {
		return input{}, fmt.Errorf("invalid Write input: %w", err)
	}
	if r.FilePath == nil || *r.FilePath == "" {
		return input{}, errors.New("file_path is required: pass the absolute path of the file to write")
	}
	if r.Content == nil {
		return input{}, errors.New("content is required: pass the complete new content of the file")
	}
	if !filepath.IsAbs(*r.FilePath) {
		return input{}, fmt.Errorf("file_path must be an absolute path, but %q is relative. Pass the full path of the file, starting with /", *r.FilePath)
	}
	return input{path: filepath.Clean(*r.FilePath), content: *r.Content}, nil
}
