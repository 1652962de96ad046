package read

import (
	"path/filepath"
	"strings"
	"testing"
)

// textFiles are the files every text case can see.
func textFiles(t *testing.T) map[string][]byte {
	return map[string][]byte{
		"a.txt":          []byte("alpha\nbeta\ngamma\n"),
		"ten.txt":        numbered(10, "line %d"),
		"nofinal.txt":    []byte("one\ntwo"),
		"crlf.txt":       []byte("one\r\ntwo\r\n\r\nfour\r\n"),
		"invalid.txt":    []byte("ok\nbad \xff\xfe here\ncut \xc3\n"),
		"latin1.txt":     []byte("caf\xe9 au lait\n"),
		"utf16.txt":      []byte("\xff\xfeh\x00i\x00\n\x00"),
		"empty.txt":      nil,
		"one.txt":        []byte("x"),
		"blank.txt":      []byte("\n\n"),
		"long.txt":       []byte(strings.Repeat("x", 2500) + "\nshort\n"),
		"longcrlf.txt":   []byte(strings.Repeat("y", 2000) + "\r\nend\r\n"),
		"multibyte.txt":  []byte(strings.Repeat("é", 2100) + "\n"),
		"many.txt":       numbered(2500, "line %d"),
		"wide.txt":       numbered(1000, "%04d "+strings.Repeat("w", 395)),
		"data.json":      []byte(`{"a": [1, 2, 3]}`),
		"blob.bin":       []byte("\x00\x01\x02\x03binary\x00"),
		"archive.zip":    zipBytes(t),
		"sub/nested.txt": []byte("nested\n"),
	}
}

// TestTextGolden checks the result text of every text case against
// testdata/text_<name>.golden.
func TestTextGolden(t *testing.T) {
	cases := []struct {
		name, input string
		isError     bool
		env         string // CLAUDE_CODE_FILE_READ_MAX_OUTPUT_TOKENS
		tail        bool   // compare only the last two lines (huge results)
	}{
		{name: "whole", input: `{"file_path":"$DIR/a.txt"}`},
		{name: "range", input: `{"file_path":"$DIR/ten.txt","offset":3,"limit":4}`},
		{name: "offset_only", input: `{"file_path":"$DIR/ten.txt","offset":9}`},
		{name: "limit_only", input: `{"file_path":"$DIR/ten.txt","limit":2}`},
		{name: "offset_zero", input: `{"file_path":"$DIR/ten.txt","offset":0,"limit":2}`},
		{name: "float_numbers", input: `{"file_path":"$DIR/ten.txt","offset":2.0,"limit":1.0}`},
		{name: "no_final_newline", input: `{"file_path":"$DIR/nofinal.txt"}`},
		{name: "crlf", input: `{"file_path":"$DIR/crlf.txt"}`},
		{name: "invalid_utf8", input: `{"file_path":"$DIR/invalid.txt"}`},
		{name: "latin1", input: `{"file_path":"$DIR/latin1.txt"}`},
		{name: "blank_lines", input: `{"file_path":"$DIR/blank.txt"}`},
		{name: "json", input: `{"file_path":"$DIR/data.json"}`},
		{name: "empty", input: `{"file_path":"$DIR/empty.txt"}`},
		{name: "past_end", input: `{"file_path":"$DIR/a.txt","offset":10}`},
		{name: "past_end_one_line", input: `{"file_path":"$DIR/one.txt","offset":5}`},
		{name: "long_line", input: `{"file_path":"$DIR/long.txt"}`},
		{name: "long_line_crlf", input: `{"file_path":"$DIR/longcrlf.txt"}`},
		{name: "long_line_multibyte", input: `{"file_path":"$DIR/multibyte.txt"}`},
		{name: "many_lines", input: `{"file_path":"$DIR/many.txt"}`, tail: true},
		{name: "many_lines_range", input: `{"file_path":"$DIR/many.txt","offset":2400,"limit":3}`},
		{name: "size_cap", input: `{"file_path":"$DIR/wide.txt"}`, tail: true},
		{name: "range_too_large", input: `{"file_path":"$DIR/wide.txt","offset":1,"limit":1000}`, isError: true},
		{name: "token_env_partial", input: `{"file_path":"$DIR/a.txt"}`, env: "5"},
		{name: "token_env_range", input: `{"file_path":"$DIR/a.txt","limit":3}`, env: "5", isError: true},
		{name: "token_env_first_line", input: `{"file_path":"$DIR/long.txt"}`, env: "5", isError: true},
		{name: "dotdot", input: `{"file_path":"$DIR/sub/../a.txt"}`},
		{name: "relative", input: `{"file_path":"a.txt"}`, isError: true},
		{name: "relative_dotdot", input: `{"file_path":"../a.txt"}`, isError: true},
		{name: "missing", input: `{"file_path":"$DIR/nope.txt"}`, isError: true},
		{name: "missing_parent", input: `{"file_path":"$DIR/nodir/x.txt"}`, isError: true},
		{name: "parent_is_file", input: `{"file_path":"$DIR/a.txt/x"}`, isError: true},
		{name: "directory", input: `{"file_path":"$DIR/sub"}`, isError: true},
		{name: "binary", input: `{"file_path":"$DIR/blob.bin"}`, isError: true},
		{name: "binary_zip", input: `{"file_path":"$DIR/archive.zip"}`, isError: true},
		{name: "binary_utf16", input: `{"file_path":"$DIR/utf16.txt"}`, isError: true},
		{name: "pages_on_text", input: `{"file_path":"$DIR/a.txt","pages":"1"}`, isError: true},
		{name: "bad_offset", input: `{"file_path":"$DIR/a.txt","offset":-1}`, isError: true},
		{name: "bad_limit", input: `{"file_path":"$DIR/a.txt","limit":0}`, isError: true},
		{name: "fractional_offset", input: `{"file_path":"$DIR/a.txt","offset":1.5}`, isError: true},
		{name: "unknown_field", input: `{"file_path":"$DIR/a.txt","lines":3}`, isError: true},
		{name: "no_path", input: `{}`, isError: true},
	}
	f := newFixture(t)
	for name, data := range textFiles(t) {
		f.write(t, name, data)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.env != "" {
				t.Setenv(maxTokensEnv, c.env)
			}
			r := f.call(t, c.input)
			if r.Result.IsError != c.isError {
				t.Errorf("IsError = %v, want %v: %s", r.Result.IsError, c.isError, r.Text())
			}
			got := r.Text()
			if c.tail {
				got = tail(got, 3)
			}
			f.golden(t, "text_"+c.name, got)
		})
	}
}

func TestTextStructured(t *testing.T) {
	f := newFixture(t)
	for name, data := range textFiles(t) {
		f.write(t, name, data)
	}
	cases := []struct {
		input, file string
		want        TextFile
	}{
		// Counted as Claude Code counts them: a final newline ends one
		// more, empty, line (recorded in testdata/conformance).
		{`{"file_path":"$DIR/a.txt"}`, "a.txt", TextFile{Content: "alpha\nbeta\ngamma\n", NumLines: 4, StartLine: 1, TotalLines: 4}},
		{`{"file_path":"$DIR/sub/../a.txt","offset":2,"limit":1}`, "a.txt", TextFile{Content: "beta", NumLines: 1, StartLine: 2, TotalLines: 4}},
		{`{"file_path":"$DIR/a.txt","offset":2}`, "a.txt", TextFile{Content: "beta\ngamma\n", NumLines: 3, StartLine: 2, TotalLines: 4}},
		{`{"file_path":"$DIR/nofinal.txt"}`, "nofinal.txt", TextFile{Content: "one\ntwo", NumLines: 2, StartLine: 1, TotalLines: 2}},
		{`{"file_path":"$DIR/crlf.txt"}`, "crlf.txt", TextFile{Content: "one\ntwo\n\nfour\n", NumLines: 5, StartLine: 1, TotalLines: 5}},
		{`{"file_path":"$DIR/empty.txt"}`, "empty.txt", TextFile{NumLines: 0, StartLine: 1, TotalLines: 0}},
		{`{"file_path":"$DIR/a.txt","offset":7}`, "a.txt", TextFile{NumLines: 0, StartLine: 7, TotalLines: 4}},
		{`{"file_path":"$DIR/many.txt"}`, "many.txt", TextFile{NumLines: 2000, StartLine: 1, TotalLines: 2501}},
	}
	for _, c := range cases {
		r := f.call(t, c.input)
		out, ok := r.Result.Structured.(TextOutput)
		if !ok || out.Type != "text" {
			t.Fatalf("%s: structured %#v", c.input, r.Result.Structured)
		}
		got := out.File
		if c.want.NumLines == 2000 {
			got.Content = "" // checked by the golden test
		}
		c.want.FilePath = filepath.Join(f.dir, c.file)
		if got != c.want {
			t.Errorf("%s:\n got %+v\nwant %+v", c.input, got, c.want)
		}
	}
}
