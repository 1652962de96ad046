package anthropic

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/anthropics/anthropic-sdk-go"

	"corvid/internal/provider"
)

// maxErrorText caps how much of a non-JSON error body becomes the message.
const maxErrorText = 500

// errorBody is the API's error envelope, also the data of an SSE error event.
type errorBody struct {
	Error struct {
		Type    string `json:"type"`
		Message string `json:"message"`
	} `json:"error"`
	RequestID string `json:"request_id"`
}

// fromHTTP converts the SDK's error for a non-2xx response. The SDK error
// itself is not kept: its type must not leave this package.
func fromHTTP(e *anthropic.Error) *provider.APIError {
	out := &provider.APIError{StatusCode: e.StatusCode, RequestID: e.RequestID}
	if e.Response != nil {
		out.RetryAfter, out.HasRetry = retryAfter(e.Response.Header, time.Now())
		if out.RequestID == "" {
			out.RequestID = e.Response.Header.Get("request-id")
		}
	}
	raw := strings.TrimSpace(e.RawJSON())
	var body errorBody
	if json.Unmarshal([]byte(raw), &body) == nil {
		out.Type, out.Message = body.Error.Type, body.Error.Message
		if out.RequestID == "" {
			out.RequestID = body.RequestID
		}
	} else if raw != "" {
		out.Message = truncate(raw, maxErrorText)
	}
	if out.Type == "" {
		out.Type = provider.TypeForStatus(e.StatusCode)
	}
	if out.Message == "" {
		out.Message = http.StatusText(e.StatusCode)
	}
	out.TooLong, out.PromptTokens = tooLong(out.StatusCode, out.Message)
	return out
}

// tooLongRE finds the measured size in the API's "prompt is too long:
// N tokens > M maximum".
var tooLongRE = regexp.MustCompile(`(\d+) tokens >`)

// tooLong reads the API's refusal of an over-long prompt (a 400 saying
// "prompt is too long", any case) and the size it reports, 0 when absent.
func tooLong(status int, msg string) (bool, int) {
	if status != http.StatusBadRequest || !strings.Contains(strings.ToLower(msg), "prompt is too long") {
		return false, 0
	}
	n := 0
	if m := tooLongRE.FindStringSubmatch(msg); m != nil {
		n, _ = strconv.Atoi(m[1])
	}
	return true, n
}

// fromEvent converts an SSE error event.
func fromEvent(data []byte, requestID string) *provider.APIError {
	var body errorBody
	if err := json.Unmarshal(data, &body); err != nil {
		return &provider.APIError{Type: provider.ErrTypeMalformed, RequestID: requestID,
			Message: "malformed error event: " + truncate(string(data), maxErrorText), Err: err}
	}
	out := &provider.APIError{Type: body.Error.Type, Message: body.Error.Message, RequestID: requestID}
	if out.Type == "" {
		out.Type = provider.ErrTypeAPI
	}
	if out.RequestID == "" {
		out.RequestID = body.RequestID
	}
	return out
}

// retryAfter reads the server's retry hint: retry-after-ms, else
// retry-after in seconds or as an HTTP date (a past date means now).
func retryAfter(h http.Header, now time.Time) (time.Duration, bool) {
	if d, ok := parseDelay(h.Get("retry-after-ms"), time.Millisecond); ok {
		return d, true
	}
	v := strings.TrimSpace(h.Get("retry-after"))
	if d, ok := parseDelay(v, time.Second); ok {
		return d, true
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0), true
	}
	return 0, false
}

// maxDelay keeps absurd hints from overflowing a Duration.
const maxDelay = 24 * time.Hour

func parseDelay(v string, unit time.Duration) (time.Duration, bool) {
	f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
	if err != nil || f < 0 || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, false
	}
	if f*float64(unit) > float64(maxDelay) {
		return maxDelay, true
	}
	return time.Duration(f * float64(unit)), true
}

// malformed is a stream event that could not be decoded.
func malformed(err error) *provider.APIError {
	return &provider.APIError{Type: provider.ErrTypeMalformed, Message: err.Error(), Err: err}
}

// asSDKError unwraps the SDK's HTTP error, if err is one.
func asSDKError(err error) (*anthropic.Error, bool) {
	var e *anthropic.Error
	ok := errors.As(err, &e)
	return e, ok
}

// truncate cuts s to at most n bytes, on a rune boundary.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// TimeoutError is the cause given to a request cut by a timeout: the API
// was silent for Limit (Idle), or the attempt ran for Limit in all. It
// matches context.DeadlineExceeded.
type TimeoutError struct {
	Idle  bool
	Limit time.Duration
}

func (e *TimeoutError) Error() string {
	if e.Idle {
		return fmt.Sprintf("no data from the API for %s", e.Limit)
	}
	return fmt.Sprintf("the request did not finish within %s", e.Limit)
}

func (e *TimeoutError) Unwrap() error { return context.DeadlineExceeded }
