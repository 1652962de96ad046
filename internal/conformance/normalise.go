package conformance

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// Frame is one decoded output frame; numbers stay json.Number so that
// integers and decimals print as they came.
type Frame = map[string]any

// Placeholders written by Normalise.
const (
	idHolder      = "<id>"
	msgIDHolder   = "<msg_id>"
	timeHolder    = "<time>"
	versionHolder = "<version>"
)

// idKeys hold ids that change from run to run.
var idKeys = map[string]bool{"uuid": true, "session_id": true, "request_id": true,
	"parent_uuid": true, "user_message_uuid": true}

// zeroKeys hold measurements (money) that change from run to run; keys
// ending in _ms (times) are zeroed too.
var zeroKeys = map[string]bool{"total_cost_usd": true, "costUSD": true}

// Parse decodes stdout: a JSON array of frames (json --verbose), or one
// frame per line (stream-json, and json's single result object).
func Parse(stdout []byte) ([]Frame, error) {
	trimmed := bytes.TrimSpace(stdout)
	if len(trimmed) == 0 {
		return nil, nil
	}
	if trimmed[0] == '[' {
		var frames []Frame
		dec := json.NewDecoder(bytes.NewReader(trimmed))
		dec.UseNumber()
		if err := dec.Decode(&frames); err != nil {
			return nil, fmt.Errorf("%w: %w", ErrBadOutput, err)
		}
		return frames, nil
	}
	var frames []Frame
	for i, line := range bytes.Split(trimmed, []byte("\n")) {
		var f Frame
		dec := json.NewDecoder(bytes.NewReader(line))
		dec.UseNumber()
		if err := dec.Decode(&f); err != nil {
			return nil, fmt.Errorf("%w: line %d: %w", ErrBadOutput, i+1, err)
		}
		frames = append(frames, f)
	}
	return frames, nil
}

// Normalise rewrites frames in place so that two runs of one case can be
// compared: ids, times, durations and costs become placeholders, and the
// run's directories become $PROJECT and $HOME in every string.
func Normalise(frames []Frame, out Output) {
	r := strings.NewReplacer(out.Project, ProjectVar, out.Home, "$HOME")
	resultsAfterBlocks(frames)
	for _, f := range frames {
		normaliseValue(f, r)
	}
	sortResults(frames)
}

func normaliseValue(v any, r *strings.Replacer) any {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			v[k] = normaliseKey(k, x, r)
		}
		return v
	case []any:
		for i, x := range v {
			v[i] = normaliseValue(x, r)
		}
		return v
	case string:
		return r.Replace(v)
	}
	return v
}

func normaliseKey(k string, v any, r *strings.Replacer) any {
	s, isString := v.(string)
	_, isNumber := v.(json.Number)
	switch {
	case idKeys[k] && isString && s != "":
		return idHolder
	case k == "id" && isString && strings.HasPrefix(s, "msg_"):
		return msgIDHolder
	case k == "timestamp" && isString:
		return timeHolder
	case k == "claude_code_version" && isString:
		return versionHolder
	case k == "messaging_socket_path" && isString:
		return "<socket>" // named after Claude Code's pid
	case isNumber && (zeroKeys[k] || strings.HasSuffix(k, "_ms")):
		return json.Number("0")
	}
	return normaliseValue(v, r)
}

// Kind names a frame for sequence comparison: type, type/subtype, or for
// stream events stream_event/<event type>.
func Kind(f Frame) string {
	t, _ := f["type"].(string)
	if sub, ok := f["subtype"].(string); ok {
		return t + "/" + sub
	}
	if ev, ok := f["event"].(map[string]any); ok {
		et, _ := ev["type"].(string)
		return t + "/" + et
	}
	return t
}

// sortResults orders each run of consecutive tool-result user frames by
// tool_use_id: parallel calls finish in any order, in either program.
func sortResults(frames []Frame) {
	for i := 0; i < len(frames); {
		j := i
		for j < len(frames) && resultID(frames[j]) != "" {
			j++
		}
		if j > i+1 {
			run := frames[i:j]
			sort.SliceStable(run, func(x, y int) bool { return resultID(run[x]) < resultID(run[y]) })
		}
		i = max(j, i+1)
	}
}

// resultID is the tool_use_id of a user frame carrying one tool result,
// else "".
func resultID(f Frame) string {
	if f["type"] != "user" {
		return ""
	}
	msg, _ := f["message"].(map[string]any)
	content, _ := msg["content"].([]any)
	if len(content) != 1 {
		return ""
	}
	b, _ := content[0].(map[string]any)
	id, _ := b["tool_use_id"].(string)
	return id
}

// resultsAfterBlocks moves each tool-result frame after the assistant
// frames of its own response that follow it. Both programs start a call
// as soon as its block closes, so a quick call's result may come out
// before the response's later blocks; the order then depends on timing,
// not on the program. It runs before ids are normalised: it tells
// responses apart by message id.
func resultsAfterBlocks(frames []Frame) {
	msgOf := map[string]string{} // tool_use id → message id
	for _, f := range frames {
		if f["type"] != "assistant" {
			continue
		}
		msg, _ := f["message"].(map[string]any)
		content, _ := msg["content"].([]any)
		for _, b := range content {
			if bm, ok := b.(map[string]any); ok && bm["type"] == "tool_use" {
				id, _ := bm["id"].(string)
				msgOf[id], _ = msg["id"].(string)
			}
		}
	}
	for moved := true; moved; {
		moved = false
		for i := 0; i+1 < len(frames); i++ {
			id := resultID(frames[i])
			next := frames[i+1]
			if id == "" || next["type"] != "assistant" {
				continue
			}
			msg, _ := next["message"].(map[string]any)
			if mid, _ := msg["id"].(string); mid != "" && mid == msgOf[id] {
				frames[i], frames[i+1] = next, frames[i]
				moved = true
			}
		}
	}
}
