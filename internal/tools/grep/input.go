package grep

import (
	"encoding/json"
	"fmt"
	"math"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
)

// Output modes.
const (
	modeFiles   = "files_with_matches"
	modeContent = "content"
	modeCount   = "count"
)

// defaultHeadLimit applies when head_limit is not given.
const defaultHeadLimit = 250

type input struct {
	Pattern    string   `json:"pattern"`
	Path       string   `json:"path"`
	Glob       string   `json:"glob"`
	Type       string   `json:"type"`
	OutputMode string   `json:"output_mode"`
	After      *float64 `json:"-A"`
	Before     *float64 `json:"-B"`
	C          *float64 `json:"-C"`
	Context    *float64 `json:"context"`
	LineNums   *bool    `json:"-n"`
	IgnoreCase bool     `json:"-i"`
	Only       bool     `json:"-o"`
	HeadLimit  *float64 `json:"head_limit"`
	Offset     *float64 `json:"offset"`
	Multiline  bool     `json:"multiline"`
}

// query is a validated search, the same for both engines.
type query struct {
	pattern string
	re      *regexp.Regexp // the Go form: line anchors, -i and multiline flags applied
	// lineOnly: the pattern anchors to the start or end of the text (\A,
	// \z), so it must be run line by line, never over a whole buffer.
	lineOnly bool
	root     string // absolute, cleaned
	isFile   bool   // root is a file, not a directory
	globs    []string
	fileType string
	mode     string

	ignoreCase, multiline, onlyMatching, lineNumbers bool
	before, after                                    int
	headLimit, offset                                int
	caps                                             caps
}

// parseInput reads and checks the input; its errors are for the model.
func parseInput(raw json.RawMessage, types map[string][]string) (*query, error) {
	var in input
	if err := json.Unmarshal(raw, &in); err != nil {
		return nil, fmt.Errorf("The input could not be read: %w", err)
	}
	q := &query{pattern: in.Pattern, mode: in.OutputMode, ignoreCase: in.IgnoreCase,
		multiline: in.Multiline, fileType: in.Type, headLimit: defaultHeadLimit,
		caps: caps{files: maxFiles, lines: maxLines}}
	if q.mode == "" {
		q.mode = modeFiles
	}
	if err := q.setPath(in.Path); err != nil {
		return nil, err
	}
	if err := q.compile(); err != nil {
		return nil, err
	}
	if err := q.setFilters(in.Glob, types); err != nil {
		return nil, err
	}
	if err := q.setNumbers(in); err != nil {
		return nil, err
	}
	if q.mode == modeContent {
		q.onlyMatching = in.Only
		q.lineNumbers = in.LineNums == nil || *in.LineNums
	}
	return q, nil
}

func (q *query) setPath(p string) error {
	if p == "" || p == "null" || p == "undefined" {
		return nil // the working directory, filled in by Call
	}
	if !filepath.IsAbs(p) {
		return fmt.Errorf("The path must be absolute, but %q is relative. Pass the full path of the file or directory to search, or leave path out to search the current working directory.", p)
	}
	q.root = filepath.Clean(p)
	return nil
}

func (q *query) setFilters(glob string, types map[string][]string) error {
	q.globs = splitGlobs(glob)
	for _, g := range q.globs {
		if !doublestar.ValidatePattern(strings.TrimPrefix(strings.TrimPrefix(g, "!"), "/")) {
			return fmt.Errorf("Invalid glob %q: check that its brackets and braces are closed.", g)
		}
	}
	if q.fileType != "" && types[q.fileType] == nil {
		return fmt.Errorf("Unknown file type %q. Use a ripgrep type name such as go, js, ts, py, rust, java, c, cpp, md, json or yaml, or filter by file name with the glob parameter.", q.fileType)
	}
	return nil
}

// splitGlobs splits the glob parameter on whitespace, and on commas
// outside brace patterns: "*.ts, *.tsx" and "*.{ts,tsx}" both work.
func splitGlobs(s string) []string {
	var globs []string
	for _, f := range strings.Fields(s) {
		if strings.Contains(f, "{") && strings.Contains(f, "}") {
			globs = append(globs, f)
			continue
		}
		for _, g := range strings.Split(f, ",") {
			if g != "" {
				globs = append(globs, g)
			}
		}
	}
	return globs
}

func (q *query) setNumbers(in input) error {
	var err error
	num := func(name string, v *float64, def int) int {
		if v == nil || err != nil {
			return def
		}
		if *v < 0 || *v != math.Trunc(*v) || *v > math.MaxInt32 {
			err = fmt.Errorf("%s must be a whole number of at least 0, not %v.", name, *v)
			return def
		}
		return int(*v)
	}
	c := num("-C", in.C, 0)
	c = num("context", in.Context, c)
	q.before = num("-B", in.Before, c)
	q.after = num("-A", in.After, c)
	q.headLimit = num("head_limit", in.HeadLimit, defaultHeadLimit)
	q.offset = num("offset", in.Offset, 0)
	if q.mode != modeContent {
		q.before, q.after = 0, 0
	}
	return err
}
