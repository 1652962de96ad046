package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// Problem is something wrong in a settings file: a file that could not be
// read or parsed (skipped whole) or a key that was skipped. Line and Col
// are 1-based (Col counts bytes); 0 when the problem has no position.
type Problem struct {
	File      string
	Line, Col int
	Msg       string
}

// Error formats the problem as file:line:col: msg.
func (p Problem) Error() string {
	if p.Line == 0 {
		return fmt.Sprintf("%s: %s", p.File, p.Msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s", p.File, p.Line, p.Col, p.Msg)
}

// Notice tells the user that a repository file's powers were withheld
// because the directory is not trusted.
type Notice struct {
	// File is the file's path; Shown is the shorter name to print
	// (relative to the working directory when inside it).
	File, Shown string
	// Ignored names what was withheld ("allow rules", "defaultMode"…).
	Ignored []string
}

// String is the one-line notice.
func (n Notice) String() string {
	name := n.Shown
	if name == "" {
		name = n.File
	}
	return fmt.Sprintf("%s: %s ignored until you trust this directory (corvid trust)",
		name, strings.Join(n.Ignored, ", "))
}

// position converts a byte offset in data to a 1-based line and column.
func position(data []byte, offset int) (line, col int) {
	offset = min(max(offset, 0), len(data))
	before := data[:offset]
	line = 1 + bytes.Count(before, []byte("\n"))
	col = 1 + offset - (bytes.LastIndexByte(before, '\n') + 1)
	return line, col
}

// problemAt is a Problem at a byte offset of data.
func problemAt(file string, data []byte, offset int, format string, args ...any) Problem {
	line, col := position(data, offset)
	return Problem{File: file, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

// parseProblem turns a hujson or encoding/json error into a Problem with
// its position. hujson reports "hujson: line L, column C: msg"; the
// standard library reports byte offsets.
func parseProblem(file string, data []byte, err error) Problem {
	var syn *json.SyntaxError
	if errors.As(err, &syn) {
		return problemAt(file, data, int(syn.Offset), "invalid JSON: %v", syn)
	}
	msg := err.Error()
	var line, col int
	if n, _ := fmt.Sscanf(msg, "hujson: line %d, column %d:", &line, &col); n == 2 {
		if _, rest, ok := strings.Cut(msg, ": "); ok {
			_, msg, _ = strings.Cut(rest, ": ")
		}
		return Problem{File: file, Line: line, Col: col, Msg: "invalid JSON: " + msg}
	}
	return Problem{File: file, Msg: "invalid JSON: " + msg}
}
