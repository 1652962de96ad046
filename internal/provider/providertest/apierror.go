package providertest

import (
	"cmp"
	"net/http"
	"strconv"
)

type wireErrorDetail struct {
	Type    string `json:"type"`
	Message string `json:"message"`
}

type wireError struct {
	Type      string          `json:"type"`
	Error     wireErrorDetail `json:"error"`
	RequestID string          `json:"request_id,omitempty"`
}

// httpError is an error response: status, body and optional retry-after.
type httpError struct {
	status     int
	errType    string
	message    string
	retryAfter string
}

func turnError(t Turn) httpError {
	return httpError{t.Status, t.errorType(), t.errorMessage(), t.RetryAfter}
}

func newHTTPError(status int, message string) httpError {
	return httpError{status: status, errType: statusErrorType(status), message: message}
}

// write sends the error the way the API does: a JSON error object, with
// the request id echoed in the body and the request-id header.
func (e httpError) write(w http.ResponseWriter, requestID string) {
	body := encode(wireError{Type: "error", RequestID: requestID,
		Error: wireErrorDetail{Type: e.errType, Message: e.message}})
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	if e.retryAfter != "" {
		h.Set("Retry-After", e.retryAfter)
	}
	w.WriteHeader(e.status)
	_, _ = w.Write(body)
}

// errorEvent is the SSE error event the API sends inside a 200 stream.
func errorEvent(errType, message string) sseEvent {
	return messageEvent("error", wireError{Type: "error",
		Error: wireErrorDetail{Type: errType, Message: cmp.Or(message, defaultErrorMessage(errType))}})
}
