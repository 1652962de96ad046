package conformance

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"

	"corvid/internal/provider"
)

// Record turns a run into a normalised Recording.
func Record(out Output) (Recording, error) {
	frames, err := Parse(out.Stdout)
	if err != nil {
		return Recording{}, err
	}
	Normalise(frames, out)
	return Recording{Exit: out.Exit, Requests: out.Requests, Frames: frames}, nil
}

// WriteRecording writes rec to path with one frame per line, so that a
// re-recording shows up in a diff frame by frame.
func WriteRecording(path string, rec Recording) error {
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "{\"exit\": %d, \"requests\": %d, \"frames\": [\n", rec.Exit, rec.Requests)
	for i, f := range rec.Frames {
		line, err := provider.Marshal(f)
		if err != nil {
			return err
		}
		buf.Write(line)
		if i < len(rec.Frames)-1 {
			buf.WriteByte(',')
		}
		buf.WriteByte('\n')
	}
	buf.WriteString("]}\n")
	return os.WriteFile(path, buf.Bytes(), 0o644)
}

// ReadRecording reads a recording written by WriteRecording.
func ReadRecording(path string) (Recording, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Recording{}, err
	}
	var rec Recording
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&rec); err != nil {
		return Recording{}, fmt.Errorf("%w: %s: %w", ErrBadOutput, path, err)
	}
	return rec, nil
}
