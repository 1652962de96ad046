package hookrun

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"regexp"
	"slices"
	"strings"

	"corvid/internal/hook"
)

// envRef is a $VAR or ${VAR} reference in a header value.
var envRef = regexp.MustCompile(`\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)`)

// runHTTP POSTs the input to an http handler: a 2xx answer with a JSON
// object body is its decision; anything else is a non-blocking error
// (an http hook cannot block by status).
func (r *Runner) runHTTP(ctx context.Context, h hook.Handler, in hookInput, input []byte) Outcome {
	out := Outcome{ExitCode: -1, Outcome: OutcomeSuccess}
	fail := func(err error, format string, a ...any) Outcome {
		out.Outcome, out.Err = OutcomeError, err
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			out.Outcome, out.Err = OutcomeCancelled, ErrTimeout
			out.Message = fmt.Sprintf("%s timed out after %s", h.Label(), h.TimeoutOrDefault())
			return out
		}
		out.Message = h.Label() + " " + fmt.Sprintf(format, a...)
		return out
	}
	if !r.opts.HTTP.AllowsURL(h.URL) {
		return fail(fmt.Errorf("%w: url not allowed", ErrStart), "was not run: its url is not in allowedHttpHookUrls")
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, h.URL, bytes.NewReader(input))
	if err != nil {
		return fail(fmt.Errorf("%w: %v", ErrStart, err), "has a bad url: %v", err)
	}
	req.Header.Set("Content-Type", "application/json")
	for k, v := range h.Headers {
		req.Header.Set(k, r.interpolate(v, h.AllowedEnvVars))
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fail(fmt.Errorf("%w: %v", ErrStart, err), "request failed: %v", err)
	}
	defer resp.Body.Close()
	body := newCapture(MaxOutput)
	_, err = io.Copy(body, resp.Body)
	out.Stdout = body.String()
	if err != nil {
		return fail(fmt.Errorf("%w: %v", ErrOutput, err), "answer could not be read: %v", err)
	}
	if resp.StatusCode/100 != 2 {
		return fail(fmt.Errorf("%w: HTTP %d", ErrExit, resp.StatusCode), "answered HTTP %d", resp.StatusCode)
	}
	if strings.TrimSpace(out.Stdout) == "" {
		return out
	}
	js, ok := jsonObject(out.Stdout)
	if !ok {
		return fail(fmt.Errorf("%w: invalid JSON", ErrOutput), "answered with invalid JSON; its answer was ignored")
	}
	out.Output = js
	return out
}

// interpolate expands $VAR and ${VAR} in a header value for the names
// the handler allows (and httpHookAllowedEnvVars, when set); other
// references become empty, so no other secret leaks.
func (r *Runner) interpolate(v string, allowed []string) string {
	get := r.opts.Getenv
	if get == nil {
		get = os.Getenv
	}
	return envRef.ReplaceAllStringFunc(v, func(ref string) string {
		m := envRef.FindStringSubmatch(ref)
		name := m[1] + m[2]
		if !slices.Contains(allowed, name) || !r.opts.HTTP.AllowsEnvVar(name) {
			return ""
		}
		return get(name)
	})
}
