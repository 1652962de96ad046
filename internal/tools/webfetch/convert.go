package webfetch

import (
	"fmt"
	"net/url"
	"strings"
	"unicode/utf8"

	"codeberg.org/readeck/go-readability"
	htmltomarkdown "github.com/JohannesKaufmann/html-to-markdown/v2/converter"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/base"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/commonmark"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/strikethrough"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/table"
	"golang.org/x/net/html"
	"golang.org/x/net/html/charset"
)

// maxElements bounds the documents readability analyses; larger ones are
// converted whole.
const maxElements = 100_000

// minArticle is the shortest main-content text (in bytes) trusted without
// comparing it with the whole page.
const minArticle = 200

// toText decodes a response body to UTF-8 and, for HTML, converts it to
// Markdown. Other text is returned as is.
func toText(r *response) (string, error) {
	text := decode(r.body, r.contentType)
	if !isHTML(r.mediaType) {
		return text, nil
	}
	return htmlToMarkdown(text, r.url)
}

func isHTML(media string) bool { return media == "text/html" || media == "application/xhtml+xml" }

// decode converts body to valid UTF-8 using the declared or sniffed
// charset.
func decode(body []byte, contentType string) string {
	enc, name, _ := charset.DetermineEncoding(body, contentType)
	if name != "utf-8" {
		if out, err := enc.NewDecoder().Bytes(body); err == nil {
			body = out
		}
	}
	return strings.ToValidUTF8(string(body), "\uFFFD")
}

// htmlToMarkdown keeps the page's main content when readability finds it,
// and the whole page otherwise.
func htmlToMarkdown(src string, page *url.URL) (string, error) {
	doc, err := html.Parse(strings.NewReader(src))
	if err != nil {
		return "", fmt.Errorf("parse HTML: %w", err)
	}
	if title, content, ok := mainContent(doc, page); ok {
		md, err := newConverter().ConvertString(content, htmltomarkdown.WithDomain(page.String()))
		if err == nil && strings.TrimSpace(md) != "" {
			return withTitle(title, md), nil
		}
	}
	out, err := newConverter().ConvertNode(doc, htmltomarkdown.WithDomain(page.String()))
	if err != nil {
		return "", fmt.Errorf("convert HTML to Markdown: %w", err)
	}
	return string(out), nil
}

func newConverter() *htmltomarkdown.Converter {
	return htmltomarkdown.NewConverter(htmltomarkdown.WithPlugins(
		base.NewBasePlugin(), commonmark.NewCommonmarkPlugin(),
		table.NewTablePlugin(), strikethrough.NewStrikethroughPlugin()))
}

// mainContent runs readability on a copy of doc. It reports false when no
// article was found, or when the article is short while the page holds
// much more text (readability then probably picked the wrong part).
func mainContent(doc *html.Node, page *url.URL) (title, content string, ok bool) {
	defer func() {
		if recover() != nil { // a readability bug must not lose the page
			ok = false
		}
	}()
	p := readability.NewParser()
	p.MaxElemsToParse = maxElements
	art, err := p.ParseDocument(doc, page)
	text := strings.TrimSpace(art.TextContent)
	if err != nil || art.Node == nil || text == "" {
		return "", "", false
	}
	if len(text) < minArticle && textLen(doc) > 2*len(text) {
		return "", "", false
	}
	return strings.TrimSpace(art.Title), art.Content, true
}

// textLen counts the visible text bytes under n.
func textLen(n *html.Node) int {
	switch {
	case n.Type == html.TextNode:
		return len(strings.TrimSpace(n.Data))
	case n.Type == html.ElementNode && (n.Data == "script" || n.Data == "style" || n.Data == "head"):
		return 0
	}
	total := 0
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		total += textLen(c)
	}
	return total
}

// withTitle puts the page title on top unless the content starts with it.
func withTitle(title, md string) string {
	md = strings.TrimSpace(md)
	first, _, _ := strings.Cut(md, "\n")
	if title == "" || strings.Contains(first, title) {
		return md
	}
	return "# " + title + "\n\n" + md
}

// truncate cuts s to at most limit runes and says so.
func truncate(s string, limit int) string {
	if len(s) <= limit {
		return s
	}
	n := 0
	for i := range s {
		if n == limit {
			return s[:i] + fmt.Sprintf("\n\n[Content truncated: showing the first %d of %d characters.]",
				limit, utf8.RuneCountInString(s))
		}
		n++
	}
	return s
}
