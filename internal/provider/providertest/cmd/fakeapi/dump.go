package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"corvid/internal/provider/providertest"
)

// dumped is one recorded request as -record writes it: the request line,
// the headers and the body (raw JSON when it is JSON, else a string).
type dumped struct {
	Method string              `json:"method"`
	Path   string              `json:"path"`
	Query  string              `json:"query,omitempty"`
	Header map[string][]string `json:"header"`
	Body   json.RawMessage     `json:"body"`
}

// dump writes every request the server received into dir as
// request-NNN.json, creating dir. Secrets (x-api-key, authorization) are
// replaced by "<redacted>".
func dump(srv *providertest.Server, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, r := range srv.Requests() {
		h := map[string][]string(r.Header.Clone())
		for _, k := range []string{"X-Api-Key", "Authorization"} {
			if _, ok := h[k]; ok {
				h[k] = []string{"<redacted>"}
			}
		}
		body := json.RawMessage(r.Body)
		if !json.Valid(body) {
			body, _ = json.Marshal(string(r.Body))
		}
		data, err := json.MarshalIndent(dumped{r.Method, r.Path, r.RawQuery, h, body}, "", "  ")
		if err != nil {
			return err
		}
		name := filepath.Join(dir, fmt.Sprintf("request-%03d.json", r.Index))
		if err := os.WriteFile(name, append(data, '\n'), 0o644); err != nil {
			return err
		}
	}
	return nil
}
