package grep

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// maxRgMessage caps one JSON message of rg (a match on a huge line); a
// longer one ends the read and the results are partial.
const maxRgMessage = 16 << 20

// parseOutput reads rg's output for q's mode into c. It returns early,
// without error, once c is full.
func parseOutput(q *query, r io.Reader, c *collector) error {
	br := bufio.NewReaderSize(r, 64<<10)
	switch q.mode {
	case modeFiles:
		return parseFiles(br, c)
	case modeCount:
		return parseCounts(br, c)
	}
	return parseJSON(q, br, c)
}

// parseFiles reads NUL-terminated paths (rg --files-with-matches --null).
func parseFiles(br *bufio.Reader, c *collector) error {
	for {
		path, err := br.ReadString(0)
		if errors.Is(err, io.EOF) && path == "" {
			return nil
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return err
		}
		if !c.add(fileResult{path: trimNUL(path)}) {
			return nil
		}
	}
}

// parseCounts reads "path NUL count newline" records (rg --count --null).
func parseCounts(br *bufio.Reader, c *collector) error {
	for {
		path, err := br.ReadString(0)
		if errors.Is(err, io.EOF) && path == "" {
			return nil
		}
		if err != nil {
			return err
		}
		num, err := br.ReadString('\n')
		if err != nil && !errors.Is(err, io.EOF) {
			return err
		}
		n, err := strconv.Atoi(string(bytes.TrimSpace([]byte(num))))
		if err != nil {
			return fmt.Errorf("bad count %q for %s", num, path)
		}
		if !c.add(fileResult{path: trimNUL(path), count: n}) {
			return nil
		}
	}
}

func trimNUL(s string) string {
	if len(s) > 0 && s[len(s)-1] == 0 {
		return s[:len(s)-1]
	}
	return s
}

// rgMessage is one line of rg --json (only what is used).
type rgMessage struct {
	Type string `json:"type"`
	Data struct {
		Path       rgData `json:"path"`
		Lines      rgData `json:"lines"`
		LineNumber int    `json:"line_number"`
		Submatches []struct {
			Start int `json:"start"`
			End   int `json:"end"`
		} `json:"submatches"`
	} `json:"data"`
}

// rgData is text, or base64 bytes when it is not valid UTF-8.
type rgData struct {
	Text  *string `json:"text"`
	Bytes []byte  `json:"bytes"`
}

func (d rgData) value() []byte {
	if d.Text != nil {
		return []byte(*d.Text)
	}
	return d.Bytes
}

// parseJSON reads rg --json: begin, match/context lines, end per file.
func parseJSON(q *query, br *bufio.Reader, c *collector) error {
	var cur *fileResult
	var buf []byte
	for {
		msg, err := readMessage(br, buf[:0])
		buf = msg
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		var m rgMessage
		if err := json.Unmarshal(msg, &m); err != nil {
			return fmt.Errorf("rg --json: %w", err)
		}
		switch m.Type {
		case "begin":
			cur = &fileResult{path: string(m.Data.Path.value())}
		case "match", "context":
			if cur != nil && !addMessage(q, cur, &m) {
				cur.cut = true
				c.add(*cur)
				return nil
			}
		case "end":
			if cur != nil && len(cur.lines) > 0 && !c.add(*cur) {
				return nil
			}
			cur = nil
		}
	}
}

// addMessage adds a match or context message's lines; false once the file
// holds as many lines as the cap allows.
func addMessage(q *query, f *fileResult, m *rgMessage) bool {
	text, num, match := m.Data.Lines.value(), m.Data.LineNumber, m.Type == "match"
	if match && q.onlyMatching {
		for _, s := range m.Data.Submatches {
			if s.Start < 0 || s.End > len(text) || s.Start > s.End {
				continue
			}
			first := num + bytes.Count(text[:s.Start], []byte{'\n'})
			for k, p := range bytes.Split(text[s.Start:s.End], []byte{'\n'}) {
				if len(p) > 0 {
					f.lines = append(f.lines, newLine(first+k, p, true))
				}
			}
		}
		return len(f.lines) < q.caps.lines
	}
	for k, p := range bytes.SplitAfter(text, []byte{'\n'}) {
		if len(p) == 0 {
			continue
		}
		if n := len(f.lines); n > 0 && f.lines[n-1].num >= num+k {
			continue // already shown by an earlier message
		}
		f.lines = append(f.lines, newLine(num+k, p, match))
	}
	return len(f.lines) < q.caps.lines
}

// readMessage reads one newline-terminated message into buf.
func readMessage(br *bufio.Reader, buf []byte) ([]byte, error) {
	for {
		chunk, err := br.ReadSlice('\n')
		buf = append(buf, chunk...)
		if len(buf) > maxRgMessage {
			return buf, errOutputCap
		}
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF) && len(buf) > 0:
			return buf, nil
		default:
			return buf, err
		}
	}
}
