package session

import "bytes"

// kind classifies an entry by its "type".
type kind uint8

const (
	kindOther kind = iota
	kindUser
	kindAssistant
	kindSystem
	kindCost
)

func (k kind) conversation() bool { return k >= kindUser && k <= kindSystem }

// span locates a value in the file.
type span struct {
	off int64
	n   int32
}

// entryInfo is what the first pass keeps of one line.
type entryInfo struct {
	uuid, parent string
	// payload is the "message" of a user/assistant entry, the "costState"
	// of a cost-state, the "compactMetadata" of a system entry.
	payload   span
	kind      kind
	hasParent bool
	sidechain bool
	apiError  bool
	boundary  bool // a compact_boundary system entry
	meta      bool // isMeta or isCompactSummary
	// msgID is an assistant entry's message.id: the blocks of one API
	// response are separate entries sharing it.
	msgID string
	// source is a tool result's sourceToolAssistantUUID: the entry
	// holding its tool_use.
	source string
	// stamp is the "timestamp" value, read only for prompts (prompts.go).
	stamp span
}

// scanEntry reads the envelope fields of one line starting at file
// offset off. Every other value is skipped, not decoded.
func scanEntry(line []byte, off int64, e *entryInfo) error {
	*e = entryInfo{}
	var msg, cost, cmeta span
	var msgBytes []byte
	end, err := eachField(line, 0, func(key []byte, at int) (int, error) {
		end, err := skipValue(line, at)
		if err != nil {
			return 0, err
		}
		v := line[at:end]
		switch string(key) {
		case "type":
			e.kind = kindOf(v)
		case "uuid":
			e.uuid, _, err = decodeString(line, at)
		case "parentUuid":
			if v[0] == '"' {
				e.hasParent = true
				e.parent, _, err = decodeString(line, at)
			}
		case "isSidechain":
			e.sidechain = string(v) == "true"
		case "isApiErrorMessage":
			e.apiError = string(v) == "true"
		case "isMeta", "isCompactSummary":
			e.meta = e.meta || string(v) == "true"
		case "subtype":
			e.boundary = string(v) == `"compact_boundary"`
		case "message":
			msg, msgBytes = span{off + int64(at), int32(len(v))}, v
		case "sourceToolAssistantUUID":
			if v[0] == '"' {
				e.source, _, err = decodeString(line, at)
			}
		case "compactMetadata":
			cmeta = span{off + int64(at), int32(len(v))}
		case "timestamp":
			e.stamp = span{off + int64(at), int32(len(v))}
		case "costState":
			cost = span{off + int64(at), int32(len(v))}
		}
		return end, err
	})
	if err != nil {
		return err
	}
	if skipWS(line, end) != len(line) {
		return errSyntax
	}
	switch e.kind {
	case kindAssistant:
		e.payload = msg
		e.msgID = messageID(msgBytes)
	case kindUser:
		e.payload = msg
	case kindCost:
		e.payload = cost
	case kindSystem:
		e.payload = cmeta // a compact boundary's metadata
	}
	return nil
}

func kindOf(v []byte) kind {
	switch {
	case bytes.Equal(v, []byte(`"user"`)):
		return kindUser
	case bytes.Equal(v, []byte(`"assistant"`)):
		return kindAssistant
	case bytes.Equal(v, []byte(`"system"`)):
		return kindSystem
	case bytes.Equal(v, []byte(`"cost-state"`)):
		return kindCost
	}
	return kindOther
}

// messageID is the "id" field of a message object; "" when it has none
// or msg is not an object.
func messageID(msg []byte) string {
	var id string
	_, _ = eachField(msg, 0, func(key []byte, at int) (int, error) {
		end, err := skipValue(msg, at)
		if err == nil && string(key) == "id" && msg[at] == '"' {
			id, _, err = decodeString(msg, at)
		}
		return end, err
	})
	return id
}
