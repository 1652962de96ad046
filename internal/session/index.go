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
	payload      span // "message" of a user/assistant entry, "costState" of a cost-state
	kind         kind
	hasParent    bool
	sidechain    bool
	apiError     bool
	boundary     bool // a compact_boundary system entry
	meta         bool // isMeta or isCompactSummary
}

// scanEntry reads the envelope fields of one line starting at file
// offset off. Every other value is skipped, not decoded.
func scanEntry(line []byte, off int64, e *entryInfo) error {
	*e = entryInfo{}
	var msg, cost span
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
			msg = span{off + int64(at), int32(len(v))}
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
	case kindUser, kindAssistant:
		e.payload = msg
	case kindCost:
		e.payload = cost
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
