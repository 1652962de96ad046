package webfetch

import (
	"fmt"
	"strings"
)

// Output is the structured tool_use_result of a WebFetch call.
type Output struct {
	// Bytes is the size of the body received (of the notice, for a
	// redirect to another host).
	Bytes int `json:"bytes"`
	// Code and CodeText are the HTTP status, e.g. 200 and "OK".
	Code     int    `json:"code"`
	CodeText string `json:"codeText"`
	// Result is the text the model received.
	Result     string `json:"result"`
	DurationMs int64  `json:"durationMs"`
	// URL is the URL as the model gave it.
	URL string `json:"url"`
}

// noModelHeader introduces the content when no Summarizer is set.
func noModelHeader(pg *page) string {
	what := "the text of " + pg.url
	if pg.markdown {
		what = "the main content of " + pg.url + ", converted to Markdown"
	}
	return "[No model is configured to apply the prompt, so it was not applied. Below is " + what +
		"; answer the prompt from it yourself.]\n\n"
}

// redirectText tells the model that the URL leads to another host, which
// it must fetch itself (so permission rules see the new domain).
func redirectText(from, prompt string, r *redirect) string {
	var b strings.Builder
	fmt.Fprintf(&b, "The URL redirects to a different host, so WebFetch did not follow the redirect.\n\n")
	fmt.Fprintf(&b, "Original URL: %s\nRedirects to: %s\nStatus: %d %s\n\n", from, r.to, r.code, r.codeText)
	fmt.Fprintf(&b, "To get the content, call WebFetch again with:\n- url: %q\n- prompt: %q", r.to, prompt)
	return b.String()
}

// sizeText renders a byte count for a note ("10 MB").
func sizeText(n int64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}
