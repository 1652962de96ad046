package webfetch

import (
	"fmt"
	"net/url"
	"strings"
	"unicode/utf8"

	htmltomarkdown "github.com/JohannesKaufmann/html-to-markdown/v2/converter"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/base"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/commonmark"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/strikethrough"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/table"
	"golang.org/x/net/html"
)

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

// htmlToMarkdown converts the page's main content (see mainContent),
// headed by the page's title.
func htmlToMarkdown(src string, page *url.URL) (string, error) {
	doc, err := html.Parse(strings.NewReader(src))
	if err != nil {
		return "", fmt.Errorf("parse HTML: %w", err)
	}
	title := pageTitle(doc)
	md, err := newConverter().ConvertNode(mainContent(doc), htmltomarkdown.WithDomain(page.String()))
	if err != nil {
		return "", fmt.Errorf("convert HTML to Markdown: %w", err)
	}
	return withTitle(title, string(md)), nil
}

func newConverter() *htmltomarkdown.Converter {
	return htmltomarkdown.NewConverter(htmltomarkdown.WithPlugins(
		base.NewBasePlugin(), commonmark.NewCommonmarkPlugin(),
		table.NewTablePlugin(), strikethrough.NewStrikethroughPlugin()))
}

// withTitle puts the page title on top unless the content's first line
// already carries it: holds the title, or is a heading the title holds
// ("# Install" under the title "Install | Docs").
func withTitle(title, md string) string {
	md = strings.TrimSpace(md)
	first, _, _ := strings.Cut(md, "\n")
	heading := strings.TrimSpace(strings.TrimLeft(first, "#"))
	switch {
	case title == "", strings.Contains(first, title),
		strings.HasPrefix(first, "#") && heading != "" && strings.Contains(title, heading):
		return md
	case md == "":
		return "# " + title
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
