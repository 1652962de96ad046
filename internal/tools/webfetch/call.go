package webfetch

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"corvid/internal/tool"
)

// Call fetches the page (or takes it from the cache) and answers the
// prompt over it.
func (t *Tool) Call(ctx context.Context, call tool.Call) (*tool.Result, error) {
	start := t.opts.Now()
	in, err := decodeInput(call.Input)
	if err != nil {
		return tool.UseError(err.Error()), nil
	}
	u, _ := parseURL(in.URL) // checked by decodeInput
	if call.Progress != nil {
		call.Progress(tool.Progress{Message: "Fetching " + u.String() + "…"})
	}
	pg, redir, err := t.load(ctx, u)
	if err == nil && redir != nil {
		return t.result(in, start, redirectText(u.String(), in.Prompt, redir), redir.code, redir.codeText, -1), nil
	}
	var text string
	if err == nil {
		text, err = t.answer(ctx, in.Prompt, pg)
	}
	if err != nil {
		return t.failure(ctx, u, err)
	}
	return t.result(in, start, text, pg.code, pg.codeText, pg.bytes), nil
}

// load returns the page for u from the cache, or fetches and converts it.
// A redirect to another site is returned instead of a page.
func (t *Tool) load(ctx context.Context, u *url.URL) (*page, *redirect, error) {
	key := u.String()
	if pg, ok := t.cache.get(key); ok {
		return pg, nil, nil
	}
	fctx, cancel := context.WithTimeout(ctx, t.opts.Timeout)
	defer cancel()
	resp, redir, err := t.fetcher.fetch(fctx, u)
	switch {
	case err != nil && ctx.Err() == nil && fctx.Err() != nil:
		return nil, nil, problemf("Fetching %s timed out after %s.", u, t.opts.Timeout)
	case err != nil || redir != nil:
		return nil, redir, err
	}
	pg, err := t.build(resp)
	if err != nil {
		return nil, nil, err
	}
	t.cache.put(key, pg)
	if pg.url != key {
		t.cache.put(pg.url, pg)
	}
	return pg, nil, nil
}

// build converts a response into a cacheable page.
func (t *Tool) build(r *response) (*page, error) {
	text, err := toText(r)
	if err != nil {
		return nil, problemf("The page at %s was fetched but could not be converted to Markdown: %v", r.url, err)
	}
	content := truncate(strings.TrimSpace(text), t.opts.MaxContentChars)
	if r.capped {
		content += fmt.Sprintf("\n\n[The response was larger than %s; only its beginning was read.]", sizeText(t.opts.MaxBytes))
	}
	return &page{url: r.url.String(), code: r.code, codeText: r.codeText, bytes: len(r.body),
		content: content, markdown: isHTML(r.mediaType)}, nil
}

// answer applies the prompt to the page with the Summarizer, or returns
// the content itself when there is none.
func (t *Tool) answer(ctx context.Context, prompt string, pg *page) (string, error) {
	switch {
	case pg.content == "":
		return fmt.Sprintf("The page at %s has no text content.", pg.url), nil
	case t.opts.Summarizer == nil:
		return noModelHeader(pg) + pg.content, nil
	}
	out, err := t.opts.Summarizer.Summarize(ctx, prompt, pg.content)
	switch {
	case err != nil && ctx.Err() != nil:
		return "", err
	case err != nil:
		return "", problemf("The page at %s was fetched, but applying the prompt to it failed: %v", pg.url, err)
	case strings.TrimSpace(out) == "":
		return "", problemf("The page at %s was fetched, but the model returned an empty answer. Try a more specific prompt.", pg.url)
	}
	return out, nil
}

// failure turns an error into the result the model sees. A cancelled
// call is returned as an error for the pipeline to report.
func (t *Tool) failure(ctx context.Context, u *url.URL, err error) (*tool.Result, error) {
	if ctx.Err() != nil {
		return nil, fmt.Errorf("fetch %s: %w", u, err)
	}
	if p, ok := asProblem(err); ok {
		return tool.ErrorText(p.msg), nil
	}
	var uerr *url.Error
	if errors.As(err, &uerr) {
		err = uerr.Err // its text repeats the URL
	}
	return tool.ErrorText(fmt.Sprintf("Could not fetch %s: %v", u, err)), nil
}

// result is a successful result with its structured output. bytes < 0
// means the size of text itself.
func (t *Tool) result(in input, start time.Time, text string, code int, codeText string, bytes int) *tool.Result {
	if bytes < 0 {
		bytes = len(text)
	}
	res := tool.Text(text)
	res.Structured = Output{Bytes: bytes, Code: code, CodeText: codeText, Result: text,
		DurationMs: t.opts.Now().Sub(start).Milliseconds(), URL: in.URL}
	return res
}
