package sdk

import (
	"bytes"
	"encoding/json"
	"io"

	"corvid/internal/event"
)

// JSONWriter renders `--output-format json`: the result object, or with
// Options.Verbose a JSON array of every frame stream-json would have
// written, both printed when the first event.Result arrives. Events after
// that are ignored, so the output is always exactly one JSON value.
type JSONWriter struct {
	output
	stderr  io.Writer
	f       *framer
	verbose bool
	frames  []json.RawMessage
	done    bool
}

// NewJSON returns a json renderer writing to w.
func NewJSON(w io.Writer, opts Options) *JSONWriter {
	return &JSONWriter{output: output{w: w}, stderr: opts.Stderr, f: newFramer(opts), verbose: opts.Verbose}
}

// Publish records ev and prints the output on the first result. Retries
// are also said on Options.Stderr as they happen.
func (j *JSONWriter) Publish(ev event.Event) {
	if j.done {
		return
	}
	if rt, ok := ev.(event.Retry); ok && !event.Nested(ev) {
		retryLine(j.stderr, rt)
	}
	// A sub-agent's result is not the run's.
	_, isResult := ev.(event.Result)
	isResult = isResult && !event.Nested(ev)
	if !j.verbose && !isResult {
		j.f.observe(ev)
		return
	}
	fr, ok := j.f.frame(ev)
	if !ok {
		return
	}
	line, ok := j.encode(fr)
	if ok {
		j.frames = append(j.frames, bytes.TrimSuffix(line, []byte("\n")))
	}
	if isResult {
		j.done = true
		j.flushFrames()
	}
}

// flushFrames writes the recorded frames: the last one (the result)
// alone, or all of them as an array when verbose.
func (j *JSONWriter) flushFrames() {
	if len(j.frames) == 0 {
		return
	}
	if !j.verbose {
		j.write(append(j.frames[len(j.frames)-1], '\n'))
		return
	}
	var buf bytes.Buffer
	buf.WriteByte('[')
	for i, fr := range j.frames {
		if i > 0 {
			buf.WriteByte(',')
		}
		buf.Write(fr)
	}
	buf.WriteString("]\n")
	j.write(buf.Bytes())
	j.frames = nil
}
