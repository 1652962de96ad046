package session

import (
	"bytes"
	"encoding/json"

	"corvid/internal/provider"
)

// decodeBlock decodes the content block starting at b[i] the way
// provider.Block.UnmarshalJSON does, and returns the index just past it.
func decodeBlock(b []byte, i int) (provider.Block, int, error) {
	var blk provider.Block
	end, err := eachField(b, i, func(key []byte, at int) (int, error) {
		switch blockKey(key) {
		case "type":
			return decodeType(b, at, &blk.Type)
		case "text":
			return decodeInto(b, at, &blk.Text)
		case "thinking":
			return decodeInto(b, at, &blk.Thinking)
		case "signature":
			return decodeInto(b, at, &blk.Signature)
		case "data":
			return decodeInto(b, at, &blk.Data)
		case "id":
			return decodeInto(b, at, &blk.ID)
		case "name":
			return decodeInto(b, at, &blk.Name)
		case "tool_use_id":
			return decodeInto(b, at, &blk.ToolUseID)
		case "input":
			e, err := skipValue(b, at)
			if err == nil {
				blk.Input = json.RawMessage(bytes.Clone(b[at:e]))
			}
			return e, err
		case "content":
			c, e, err := decodeContent(b, at)
			blk.Content = c
			return e, err
		case "is_error":
			e, err := decodeBool(b, at, &blk.IsError)
			// An explicit false is kept, so it is written back as read.
			blk.ReportIsError = err == nil && !blk.IsError
			return e, err
		case "source":
			return decodeSmall(b, at, &blk.Source)
		case "cache_control":
			return decodeSmall(b, at, &blk.CacheControl)
		}
		return skipValue(b, at)
	})
	return blk, end, err
}

// blockKeys are the block fields decodeBlock reads.
var blockKeys = []string{"type", "text", "thinking", "signature", "data", "id", "name",
	"tool_use_id", "input", "content", "is_error", "source", "cache_control"}

// blockKey returns the block field key names, matching case-insensitively
// as encoding/json does; "" for any other key.
func blockKey(key []byte) string {
	for _, k := range blockKeys {
		if string(key) == k {
			return k
		}
	}
	for _, k := range blockKeys {
		if bytes.EqualFold(key, []byte(k)) {
			return k
		}
	}
	return ""
}

// decodeInto decodes a string value, or null (left empty), into dst.
func decodeInto(b []byte, at int, dst *string) (int, error) {
	if bytes.HasPrefix(b[at:], []byte("null")) {
		return at + 4, nil
	}
	s, e, err := decodeString(b, at)
	*dst = s
	return e, err
}

// decodeType decodes a block type, reusing the constants for known ones.
func decodeType(b []byte, at int, dst *provider.BlockType) (int, error) {
	e, err := skipValue(b, at)
	if err != nil {
		return 0, err
	}
	for _, t := range knownTypes {
		if len(b[at:e]) == len(t)+2 && string(b[at+1:e-1]) == string(t) {
			*dst = t
			return e, nil
		}
	}
	var s string
	_, err = decodeInto(b, at, &s)
	*dst = provider.BlockType(s)
	return e, err
}

var knownTypes = []provider.BlockType{provider.BlockText, provider.BlockToolUse,
	provider.BlockToolResult, provider.BlockThinking, provider.BlockRedactedThinking,
	provider.BlockImage, provider.BlockDocument}

func decodeBool(b []byte, at int, dst *bool) (int, error) {
	e, err := skipValue(b, at)
	if err != nil {
		return 0, err
	}
	switch string(b[at:e]) {
	case "true":
		*dst = true
	case "false", "null":
	default:
		return 0, errSyntax
	}
	return e, nil
}

// decodeSmall decodes a small nested object (a source, a cache_control)
// with encoding/json.
func decodeSmall[T any](b []byte, at int, dst **T) (int, error) {
	e, err := skipValue(b, at)
	if err != nil {
		return 0, err
	}
	if string(b[at:e]) == "null" {
		return e, nil
	}
	v := new(T)
	if err := json.Unmarshal(b[at:e], v); err != nil {
		return 0, err
	}
	*dst = v
	return e, nil
}
