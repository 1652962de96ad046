package webfetch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// maxRedirects is how many same-site redirects one fetch follows.
const maxRedirects = 10

// drainLimit bounds how much of a redirect's body is read so that its
// connection can be reused.
const drainLimit = 64 << 10

// response is a successful (2xx) answer with its body read.
type response struct {
	url         *url.URL // after same-site redirects
	code        int
	codeText    string
	mediaType   string // from Content-Type, or sniffed when absent
	contentType string // the raw header, for the charset
	body        []byte
	capped      bool // the body was longer than the read limit
}

// redirect is a redirect to another site, which is not followed.
type redirect struct {
	to       string
	code     int
	codeText string
}

// problem is a failure the model can act on; its text is shown as is.
type problem struct{ msg string }

func (p *problem) Error() string { return p.msg }

func problemf(format string, args ...any) error {
	return &problem{msg: fmt.Sprintf(format, args...)}
}

// fetcher performs GET requests with WebFetch's redirect policy, size
// cap and content-type gate.
type fetcher struct {
	client    *http.Client // never follows redirects itself
	maxBytes  int64
	userAgent string
}

// newFetcher copies c so that the caller's client keeps its own redirect
// policy; ours is decided per hop in fetch.
func newFetcher(c *http.Client, maxBytes int64, userAgent string) *fetcher {
	cc := *c
	cc.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return &fetcher{client: &cc, maxBytes: maxBytes, userAgent: userAgent}
}

// fetch GETs u, following same-site redirects. Exactly one of the
// response and the redirect is non-nil when err is nil.
func (f *fetcher) fetch(ctx context.Context, u *url.URL) (*response, *redirect, error) {
	start := u
	for range maxRedirects + 1 {
		resp, err := f.get(ctx, u)
		if err != nil {
			return nil, nil, err
		}
		if !isRedirect(resp.StatusCode) {
			r, err := f.read(u, resp)
			return r, nil, err
		}
		next, err := location(u, resp)
		if err != nil {
			return nil, nil, err
		}
		if !sameSite(u, next) {
			return nil, &redirect{to: next.String(), code: resp.StatusCode, codeText: codeText(resp)}, nil
		}
		u = next
	}
	return nil, nil, problemf("Too many redirects: %s redirected more than %d times without reaching a page.", start, maxRedirects)
}

func (f *fetcher) get(ctx context.Context, u *url.URL) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, problemf("Invalid URL %q: %v", u, err)
	}
	req.Header.Set("User-Agent", f.userAgent)
	req.Header.Set("Accept", "text/markdown, text/html;q=0.9, text/*;q=0.8, application/json;q=0.8, */*;q=0.5")
	return f.client.Do(req)
}

func isRedirect(code int) bool {
	switch code {
	case http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther,
		http.StatusTemporaryRedirect, http.StatusPermanentRedirect:
		return true
	}
	return false
}

// location resolves a redirect's target and releases its connection.
func location(from *url.URL, resp *http.Response) (*url.URL, error) {
	_, _ = io.CopyN(io.Discard, resp.Body, drainLimit)
	resp.Body.Close()
	loc := resp.Header.Get("Location")
	if loc == "" {
		return nil, problemf("The server answered %d %s without saying where to go (no Location header).", resp.StatusCode, codeText(resp))
	}
	next, err := from.Parse(loc)
	if err != nil {
		return nil, problemf("The server redirected to an invalid URL %q.", loc)
	}
	next.Fragment, next.RawFragment = "", ""
	return next, nil
}

// read checks the status and content type, then reads at most maxBytes
// of the body. It closes the body.
func (f *fetcher) read(u *url.URL, resp *http.Response) (*response, error) {
	defer resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil, problemf("Request failed: %s answered HTTP %d %s.", u, resp.StatusCode, codeText(resp))
	}
	header := resp.Header.Get("Content-Type")
	media, _, _ := mime.ParseMediaType(header)
	if media != "" && !isText(media) {
		return nil, refuse(u, media)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, f.maxBytes+1))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", u, err)
	}
	r := &response{url: u, code: resp.StatusCode, codeText: codeText(resp), mediaType: media,
		contentType: header, body: body}
	if int64(len(body)) > f.maxBytes {
		r.body, r.capped = body[:f.maxBytes], true
	}
	if media == "" {
		r.mediaType, _, _ = mime.ParseMediaType(http.DetectContentType(r.body))
		if !isText(r.mediaType) {
			return nil, refuse(u, r.mediaType)
		}
	}
	return r, nil
}

func refuse(u *url.URL, media string) error {
	return problemf("WebFetch reads only text content (HTML, plain text, Markdown, JSON, XML), but %s returned %s, which is binary. It cannot be fetched with this tool.",
		u, media)
}

// isText reports whether a media type is text WebFetch can read.
func isText(media string) bool {
	switch {
	case strings.HasPrefix(media, "text/"), strings.HasSuffix(media, "+json"), strings.HasSuffix(media, "+xml"):
		return true
	}
	switch media {
	case "application/json", "application/xml", "application/javascript", "application/x-javascript",
		"application/ecmascript", "application/x-yaml", "application/yaml", "application/toml",
		"application/x-sh", "application/x-ndjson", "application/graphql":
		return true
	}
	return false
}

// codeText is the reason phrase the server sent, or the standard one.
func codeText(resp *http.Response) string {
	text := strings.TrimSpace(strings.TrimPrefix(resp.Status, strconv.Itoa(resp.StatusCode)))
	if text == "" {
		text = http.StatusText(resp.StatusCode)
	}
	return text
}

// asProblem reports whether err is a failure the model can act on.
func asProblem(err error) (*problem, bool) {
	var p *problem
	ok := errors.As(err, &p)
	return p, ok
}
