package provider

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
)

func TestAPIErrorText(t *testing.T) {
	tests := []struct {
		name string
		err  *APIError
		want string
	}{
		{"status type message", &APIError{StatusCode: 429, Type: ErrTypeRateLimit, Message: "slow down"},
			"429 rate_limit_error: slow down"},
		{"status and message", &APIError{StatusCode: 418, Message: "I'm a teapot"}, "418: I'm a teapot"},
		{"status only", &APIError{StatusCode: 502}, "502"},
		{"status and type", &APIError{StatusCode: 529, Type: ErrTypeOverloaded}, "529 overloaded_error"},
		{"type only", &APIError{Type: ErrTypeOverloaded}, "overloaded_error"},
		{"event with message", &APIError{Type: ErrTypeAPI, Message: "Internal server error"},
			"api_error: Internal server error"},
		{"connection error", &APIError{Type: ErrTypeConnection, Err: io.ErrUnexpectedEOF},
			"connection_error: unexpected EOF"},
		{"message wins over Err", &APIError{Type: ErrTypeMalformed, Message: "bad event", Err: io.EOF},
			"malformed_stream: bad event"},
		{"Err only", &APIError{Err: io.EOF}, "EOF"},
		{"message only", &APIError{Message: "m"}, "m"},
		{"status and Err", &APIError{StatusCode: 500, Err: io.EOF}, "500: EOF"},
		{"empty", &APIError{}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.err.Error(); got != tc.want {
				t.Errorf("Error() = %q, want %q", got, tc.want)
			}
		})
	}
}

// Advice texts, as the engine shows them.
const (
	adviceAuth      = "check ANTHROPIC_API_KEY or ANTHROPIC_AUTH_TOKEN"
	advicePerm      = "the credentials are valid but may not use this model or endpoint; check the key's permissions and --model"
	adviceInvalid   = "the request was rejected; check --model and the flags passed"
	adviceTooLong   = "the conversation is longer than the model's context window; start a new session or compact it"
	adviceOverload  = "the API is overloaded; try again later, or set --fallback-model"
	adviceRate      = "the API is rate-limiting these credentials; wait a while and try again"
	adviceServer    = "the API had a server error; try again later"
	adviceConn      = "the connection to the API failed; check the network and ANTHROPIC_BASE_URL"
	adviceMalformed = "the API sent a stream corvid could not read; if it persists, check any proxy or gateway in ANTHROPIC_BASE_URL"
)

func TestAPIErrorClassification(t *testing.T) {
	tests := []struct {
		name       string
		err        APIError
		retryable  bool
		overloaded bool
		tooLong    bool
		category   string
		advice     string
	}{
		{"400", APIError{StatusCode: 400, Type: ErrTypeInvalidRequest, Message: "max_tokens: too large"},
			false, false, false, "invalid_request", adviceInvalid},
		{"400 prompt too long", APIError{StatusCode: 400, Type: ErrTypeInvalidRequest,
			Message: "prompt is too long: 210000 tokens > 200000 maximum", TooLong: true, PromptTokens: 210000},
			false, false, true, "invalid_request", adviceTooLong},
		{"400 prompt too long, capitalised", APIError{StatusCode: 400, Message: "Prompt is too long", TooLong: true},
			false, false, true, "invalid_request", adviceTooLong},
		{"401", APIError{StatusCode: 401, Type: ErrTypeAuthentication, Message: "invalid x-api-key"},
			false, false, false, "authentication_failed", adviceAuth},
		{"401 without type", APIError{StatusCode: 401}, false, false, false, "authentication_failed", adviceAuth},
		{"403", APIError{StatusCode: 403, Type: ErrTypePermission}, false, false, false, "permission_denied", advicePerm},
		{"404", APIError{StatusCode: 404, Type: ErrTypeNotFound, Message: "model: nope"}, false, false, false, "unknown", ""},
		{"408", APIError{StatusCode: 408}, true, false, false, "unknown", ""},
		{"409", APIError{StatusCode: 409}, true, false, false, "unknown", ""},
		{"413", APIError{StatusCode: 413, Type: "request_too_large", Message: "prompt is too long"},
			false, false, false, "unknown", ""},
		{"429", APIError{StatusCode: 429, Type: ErrTypeRateLimit}, true, false, false, "rate_limit", adviceRate},
		{"500", APIError{StatusCode: 500, Type: ErrTypeAPI}, true, false, false, "server_error", adviceServer},
		{"502 without type", APIError{StatusCode: 502}, true, false, false, "server_error", adviceServer},
		{"529", APIError{StatusCode: 529, Type: ErrTypeOverloaded}, true, true, false, "overloaded", adviceOverload},
		{"529 without type", APIError{StatusCode: 529}, true, true, false, "overloaded", adviceOverload},
		{"connection", APIError{Type: ErrTypeConnection, Err: io.ErrUnexpectedEOF},
			true, false, false, "connection_error", adviceConn},
		{"malformed stream", APIError{Type: ErrTypeMalformed, Message: "bad"},
			true, false, false, "connection_error", adviceMalformed},
		{"event overloaded_error", APIError{Type: ErrTypeOverloaded, Message: "Overloaded"},
			true, true, false, "overloaded", adviceOverload},
		{"event api_error", APIError{Type: ErrTypeAPI, Message: "Internal server error"},
			true, false, false, "server_error", adviceServer},
		{"event invalid_request_error", APIError{Type: ErrTypeInvalidRequest, Message: "bad"},
			false, false, false, "invalid_request", adviceInvalid},
		{"event authentication_error", APIError{Type: ErrTypeAuthentication},
			false, false, false, "authentication_failed", adviceAuth},
		{"event permission_error", APIError{Type: ErrTypePermission},
			false, false, false, "permission_denied", advicePerm},
		{"event rate_limit_error", APIError{Type: ErrTypeRateLimit}, true, false, false, "rate_limit", adviceRate},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := &tc.err
			if got := e.Retryable(); got != tc.retryable {
				t.Errorf("Retryable() = %v, want %v", got, tc.retryable)
			}
			if got := e.Overloaded(); got != tc.overloaded {
				t.Errorf("Overloaded() = %v, want %v", got, tc.overloaded)
			}
			if got := e.PromptTooLong(); got != tc.tooLong {
				t.Errorf("PromptTooLong() = %v, want %v", got, tc.tooLong)
			}
			if got := e.Category(); got != tc.category {
				t.Errorf("Category() = %q, want %q", got, tc.category)
			}
			if got := e.Advice(); got != tc.advice {
				t.Errorf("Advice() = %q, want %q", got, tc.advice)
			}
		})
	}
}

func TestAsAPIError(t *testing.T) {
	inner := &APIError{StatusCode: 529, Type: ErrTypeOverloaded}
	foreign := errors.New("dial tcp: connection refused")
	tests := []struct {
		name string
		err  error
		same *APIError // the *APIError expected back as-is, or nil to expect a wrap
	}{
		{"direct", inner, inner},
		{"wrapped", fmt.Errorf("stream: %w", inner), inner},
		{"wrapped twice", fmt.Errorf("a: %w", fmt.Errorf("b: %w", inner)), inner},
		{"joined", errors.Join(foreign, inner), inner},
		{"foreign", foreign, nil},
		{"context", context.Canceled, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := AsAPIError(tc.err)
			if got == nil {
				t.Fatal("AsAPIError returned nil")
			}
			if tc.same != nil {
				if got != tc.same {
					t.Errorf("AsAPIError = %p (%v), want the wrapped %p", got, got, tc.same)
				}
				return
			}
			if got.Type != ErrTypeConnection || got.StatusCode != 0 || got.Err != tc.err {
				t.Errorf("AsAPIError = %+v, want a connection_error wrapping %v", got, tc.err)
			}
			if !errors.Is(got, tc.err) {
				t.Errorf("errors.Is(AsAPIError(err), err) = false")
			}
			if !strings.Contains(got.Error(), tc.err.Error()) {
				t.Errorf("Error() = %q, want it to contain %q", got.Error(), tc.err.Error())
			}
		})
	}
	if got := AsAPIError(nil); got != nil {
		t.Errorf("AsAPIError(nil) = %v, want nil", got)
	}
}

func TestAPIErrorUnwrap(t *testing.T) {
	e := &APIError{Type: ErrTypeConnection, Err: fmt.Errorf("read: %w", io.ErrUnexpectedEOF)}
	if !errors.Is(e, io.ErrUnexpectedEOF) {
		t.Error("errors.Is through APIError.Unwrap failed")
	}
	if (&APIError{}).Unwrap() != nil {
		t.Error("Unwrap of an APIError without Err is not nil")
	}
}
