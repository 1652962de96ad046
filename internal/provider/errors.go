package provider

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// APIError is a failed request or a failed stream.
type APIError struct {
	// StatusCode is the HTTP status; 0 when the connection failed or an
	// error event arrived inside a 200 stream.
	StatusCode int
	// Type is the API's error type (overloaded_error, rate_limit_error, …),
	// or "connection_error" for transport failures.
	Type    string
	Message string
	// RetryAfter is the server's retry-after hint, if it sent one.
	RetryAfter time.Duration
	HasRetry   bool
	RequestID  string
	// MidStream is set when events had already been delivered.
	MidStream bool
	// Cause narrows a connection_error down (CauseHostNotFound, …); ""
	// when the transport failure has no finer name.
	Cause string
	// Local is set when the address that refused the connection is on
	// this machine (loopback): nothing listens there, and waiting will not
	// change that.
	Local bool
	// TooLong is set when the provider refused the request because the
	// prompt does not fit the model's context window; PromptTokens is the
	// prompt's size as the provider measured it (0 when it did not say).
	TooLong      bool
	PromptTokens int
	// Retries is how many times the request was sent again before this
	// final failure (set by StreamWithRetry).
	Retries int
	Err     error
}

// Error types corvid distinguishes.
const (
	ErrTypeOverloaded     = "overloaded_error"
	ErrTypeRateLimit      = "rate_limit_error"
	ErrTypeAPI            = "api_error"
	ErrTypeInvalidRequest = "invalid_request_error"
	ErrTypeAuthentication = "authentication_error"
	ErrTypePermission     = "permission_error"
	ErrTypeNotFound       = "not_found_error"
	ErrTypeTooLarge       = "request_too_large"
	ErrTypeConnection     = "connection_error"
	ErrTypeMalformed      = "malformed_stream"
)

func (e *APIError) Error() string {
	var b strings.Builder
	if e.StatusCode != 0 {
		fmt.Fprintf(&b, "%d", e.StatusCode)
	}
	if e.Type != "" {
		if b.Len() > 0 {
			b.WriteString(" ")
		}
		b.WriteString(e.Type)
	}
	detail := e.Message
	if detail == "" && e.Err != nil {
		detail = e.Err.Error()
	}
	if detail != "" {
		if b.Len() > 0 {
			b.WriteString(": ")
		}
		b.WriteString(detail)
	}
	return b.String()
}

func (e *APIError) Unwrap() error { return e.Err }

// Overloaded reports a 529 or an overloaded_error event.
func (e *APIError) Overloaded() bool {
	return e.StatusCode == 529 || e.Type == ErrTypeOverloaded
}

// Retryable reports whether sending the same request again may succeed:
// rate limits, overload, server errors, timeouts and dropped connections.
func (e *APIError) Retryable() bool {
	switch {
	case e.Overloaded(), e.StatusCode == 429, e.StatusCode == 408, e.StatusCode == 409:
		return true
	case e.StatusCode >= 500:
		return true
	case e.StatusCode == 0:
		// Connection failures, error events and malformed streams, except
		// those no retry can fix.
		return e.Type != ErrTypeInvalidRequest && e.Type != ErrTypeAuthentication &&
			e.Type != ErrTypePermission && !e.permanent()
	}
	return false
}

// PromptTooLong reports the provider's refusal of an over-long prompt.
func (e *APIError) PromptTooLong() bool { return e.TooLong }

// Category is the short error name used in api_retry frames and on
// synthetic assistant messages (Claude Code's names).
func (e *APIError) Category() string {
	switch {
	case e.StatusCode == 401 || e.Type == ErrTypeAuthentication:
		return "authentication_failed"
	case e.StatusCode == 403 || e.Type == ErrTypePermission:
		return "permission_denied"
	case e.StatusCode == 429 || e.Type == ErrTypeRateLimit:
		return "rate_limit"
	case e.Overloaded():
		return "overloaded"
	case e.StatusCode == 400 || e.Type == ErrTypeInvalidRequest:
		return "invalid_request"
	case e.StatusCode >= 500 || e.Type == ErrTypeAPI:
		return "server_error"
	case e.StatusCode == 0:
		return "connection_error"
	}
	return "unknown"
}

// AsAPIError returns err as an *APIError, wrapping foreign errors as
// connection errors.
func AsAPIError(err error) *APIError {
	if err == nil {
		return nil
	}
	var ae *APIError
	if errors.As(err, &ae) {
		return ae
	}
	return &APIError{Type: ErrTypeConnection, Err: err}
}

// TypeForStatus is the error type the API uses for an HTTP status, for
// error bodies that do not say; "" for statuses it has no name for.
func TypeForStatus(status int) string {
	switch status {
	case 400:
		return ErrTypeInvalidRequest
	case 401:
		return ErrTypeAuthentication
	case 403:
		return ErrTypePermission
	case 404:
		return ErrTypeNotFound
	case 413:
		return ErrTypeTooLarge
	case 429:
		return ErrTypeRateLimit
	case 529:
		return ErrTypeOverloaded
	}
	if status >= 500 {
		return ErrTypeAPI
	}
	return ""
}
