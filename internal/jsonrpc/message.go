package jsonrpc

import (
	"encoding/json"
	"fmt"
)

// Version is the only JSON-RPC version there is.
const Version = "2.0"

// The standard error codes.
const (
	CodeParseError     = -32700
	CodeInvalidRequest = -32600
	CodeMethodNotFound = -32601
	CodeInvalidParams  = -32602
	CodeInternalError  = -32603
)

// Message is any JSON-RPC message: a request (Method and ID), a
// notification (Method, no ID) or a response (ID and Result or Error).
type Message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *Error          `json:"error,omitempty"`
}

// IsRequest reports whether m asks for an answer.
func (m *Message) IsRequest() bool { return m.Method != "" && len(m.ID) > 0 }

// IsNotification reports whether m is a method call without an id.
func (m *Message) IsNotification() bool { return m.Method != "" && len(m.ID) == 0 }

// Error is a JSON-RPC error object.
type Error struct {
	Code    int             `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data,omitempty"`
}

func (e *Error) Error() string { return fmt.Sprintf("server error %d: %s", e.Code, e.Message) }

// Decode parses one message. A message that is not JSON, or whose
// jsonrpc member is not "2.0", is an *Error with CodeParseError or
// CodeInvalidRequest.
func Decode(b []byte) (*Message, error) {
	var m Message
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, &Error{Code: CodeParseError, Message: "Parse error: " + err.Error()}
	}
	if m.JSONRPC != Version {
		return &m, &Error{Code: CodeInvalidRequest, Message: `Invalid Request: jsonrpc must be "2.0"`}
	}
	return &m, nil
}

// Request encodes a request (id non-nil) or a notification (id nil);
// nil params are left out.
func Request(id any, method string, params any) ([]byte, error) {
	m := struct {
		JSONRPC string `json:"jsonrpc"`
		ID      any    `json:"id,omitempty"`
		Method  string `json:"method"`
		Params  any    `json:"params,omitempty"`
	}{Version, id, method, params}
	return json.Marshal(m)
}

// Response encodes the answer to the request with id: result when e is
// nil, else the error. A nil id (a message too broken to read its id)
// is sent as null, as JSON-RPC asks.
func Response(id json.RawMessage, result any, e *Error) ([]byte, error) {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	if e != nil {
		return json.Marshal(struct {
			JSONRPC string          `json:"jsonrpc"`
			ID      json.RawMessage `json:"id"`
			Error   *Error          `json:"error"`
		}{Version, id, e})
	}
	if result == nil {
		result = struct{}{}
	}
	return json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Result  any             `json:"result"`
	}{Version, id, result})
}
