package notebookedit

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// notebook is a parsed .ipynb: the file's bytes plus the positions needed
// to change one cell while leaving every other byte as it was.
type notebook struct {
	path         string // for messages
	src          []byte
	cells        []span // each cell object's bytes in src
	open, close  int    // offsets of the cells array's [ and ]
	major, minor int    // nbformat, nbformat_minor
	language     string
}

type span struct{ start, end int }

// parse reads src, the content of path, as a version-4 notebook.
func parse(path string, src []byte) (*notebook, error) {
	if err := json.Unmarshal(src, new(json.RawMessage)); err != nil {
		return nil, fmt.Errorf("The notebook is not valid JSON (%v), so it was left untouched.", err)
	}
	nb := &notebook{path: path, src: src, open: -1, language: "python"}
	dec := json.NewDecoder(bytes.NewReader(src))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, errors.New("The file is not a Jupyter notebook: its top level is not a JSON object.")
	}
	for dec.More() {
		if err := nb.readField(dec); err != nil {
			return nil, err
		}
	}
	switch {
	case nb.open < 0:
		return nil, errors.New("The file is not a Jupyter notebook: it has no \"cells\" list.")
	case nb.major < 4:
		return nil, fmt.Errorf("The notebook uses nbformat %d; only nbformat 4 notebooks can be edited.", nb.major)
	}
	return nb, nil
}

// readField reads one top-level key and its value.
func (nb *notebook) readField(dec *json.Decoder) error {
	tok, err := dec.Token()
	if err != nil {
		return notebookErr(err)
	}
	switch tok {
	case "cells":
		return nb.readCells(dec)
	case "nbformat":
		return decodeInto(dec, &nb.major)
	case "nbformat_minor":
		return decodeInto(dec, &nb.minor)
	case "metadata":
		var m struct {
			LanguageInfo struct{ Name string } `json:"language_info"`
			Kernelspec   struct{ Language string }
		}
		if err := decodeInto(dec, &m); err != nil {
			return err
		}
		nb.language = firstOf(m.LanguageInfo.Name, m.Kernelspec.Language, nb.language)
		return nil
	}
	return decodeInto(dec, new(json.RawMessage))
}

func (nb *notebook) readCells(dec *json.Decoder) error {
	if tok, err := dec.Token(); err != nil || tok != json.Delim('[') {
		return errors.New("The file is not a Jupyter notebook: \"cells\" is not a list.")
	}
	nb.open = int(dec.InputOffset()) - 1
	for dec.More() {
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return notebookErr(err)
		}
		if raw[0] != '{' {
			return fmt.Errorf("The notebook is malformed: cell %d is not a JSON object.", len(nb.cells))
		}
		end := int(dec.InputOffset())
		nb.cells = append(nb.cells, span{end - len(raw), end})
	}
	if _, err := dec.Token(); err != nil {
		return notebookErr(err)
	}
	nb.close = int(dec.InputOffset()) - 1
	return nil
}

func decodeInto(dec *json.Decoder, v any) error {
	if err := dec.Decode(v); err != nil {
		return notebookErr(err)
	}
	return nil
}

func notebookErr(err error) error {
	if errors.Is(err, io.EOF) {
		err = io.ErrUnexpectedEOF
	}
	return fmt.Errorf("The notebook could not be read as nbformat 4 (%v), so it was left untouched.", err)
}

func firstOf(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}

func (nb *notebook) cell(i int) []byte { return nb.src[nb.cells[i].start:nb.cells[i].end] }

// hasIDs reports whether new cells need an id (nbformat 4.5 and later).
func (nb *notebook) hasIDs() bool { return nb.major > 4 || nb.minor >= 5 }
