package webfetch

import (
	"fmt"
	"net/url"
	"os"
	"strings"
	"testing"
)

func TestHTMLToMarkdown(t *testing.T) {
	nav := `<nav>` + strings.Repeat(`<a href="/x">Menu entry with a long label</a> `, 20) + `</nav>`
	tests := []struct {
		name    string
		html    string
		want    []string
		notWant []string
	}{
		{"tiny_page", `<html><body><p>Hello <b>world</b>.</p></body></html>`, []string{"Hello **world**."}, nil},
		// A page made mostly of links: its navigation is kept with the note.
		{"fallback_whole_body", `<html><body>` + nav + `<p>Short note.</p></body></html>`,
			[]string{"Short note.", "Menu entry"}, nil},
		{"scripts_dropped", `<html><head><title>T</title><script>evil()</script></head><body><p>Text</p><style>p{}</style></body></html>`,
			[]string{"Text"}, []string{"evil", "p{}"}},
		{"relative_links", `<html><body><p>See <a href="/docs/a">the docs</a>.</p></body></html>`,
			[]string{"[the docs](https://example.com/docs/a)"}, nil},
		{"table", `<html><body><table><tr><th>k</th><th>v</th></tr><tr><td>a</td><td>1</td></tr></table></body></html>`,
			[]string{"| k | v |"}, nil},
		{"not_html_at_all", "plain words", []string{"plain words"}, nil},
	}
	page, _ := url.Parse("https://example.com/page")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := htmlToMarkdown(tt.html, page)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("lacks %q:\n%s", w, got)
				}
			}
			for _, w := range tt.notWant {
				if strings.Contains(got, w) {
					t.Errorf("contains %q:\n%s", w, got)
				}
			}
		})
	}
}

func TestDecode(t *testing.T) {
	tests := []struct {
		name, body, contentType, want string
	}{
		{"utf8", "héllo", "text/plain", "héllo"},
		{"declared_latin1", "h\xe9llo", "text/plain; charset=ISO-8859-1", "héllo"},
		{"meta_charset", `<meta charset="windows-1252"><p>caf` + "\xe9", "text/html", `<meta charset="windows-1252"><p>café`},
		{"invalid_utf8_declared", "a\xffb", "text/plain; charset=utf-8", "a\uFFFDb"},
	}
	for _, tt := range tests {
		if got := decode([]byte(tt.body), tt.contentType); got != tt.want {
			t.Errorf("%s: decode = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestTruncate(t *testing.T) {
	tests := []struct {
		in    string
		limit int
		want  string
	}{
		{"short", 10, "short"},
		{"exactly10!", 10, "exactly10!"},
		{"abcdefghijkl", 10, "abcdefghij\n\n[Content truncated: showing the first 10 of 12 characters.]"},
		{"ééééé", 3, "ééé\n\n[Content truncated: showing the first 3 of 5 characters.]"},
		{"éé", 3, "éé"}, // 4 bytes but 2 characters
	}
	for _, tt := range tests {
		if got := truncate(tt.in, tt.limit); got != tt.want {
			t.Errorf("truncate(%q, %d) = %q, want %q", tt.in, tt.limit, got, tt.want)
		}
	}
}

func TestSummaryInstructions(t *testing.T) {
	got := SummaryInstructions("What is new?", "page says {{PROMPT}} literally")
	for _, w := range []string{"What is new?", "<page>\npage says {{PROMPT}} literally\n</page>"} {
		if !strings.Contains(got, w) {
			t.Errorf("instructions lack %q:\n%s", w, got)
		}
	}
	if strings.Count(got, "What is new?") != 1 || strings.Contains(got, "{{CONTENT}}") {
		t.Errorf("placeholders wrongly expanded:\n%s", got)
	}
}

// bigArticle is a page of about n bytes: boilerplate around many sections.
func bigArticle(tb testing.TB, n int) string {
	tb.Helper()
	article, err := os.ReadFile("testdata/article.html")
	if err != nil {
		tb.Fatal(err)
	}
	head, tail, _ := strings.Cut(string(article), "</article>")
	var b strings.Builder
	b.WriteString(head)
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "<h2>Section %d</h2><p>This section explains setting number %d in detail, with <a href=\"/s/%d\">a link</a> and <code>code_%d</code>. It is long enough to count as real content for the extractor.</p>\n", i, i, i, i)
	}
	b.WriteString("</article>" + tail)
	return b.String()
}

func BenchmarkHTMLToMarkdown(b *testing.B) {
	for _, size := range []int{10 << 10, 1 << 20} {
		src := bigArticle(b, size)
		page, _ := url.Parse("https://example.com/page")
		b.Run(fmt.Sprintf("%dKB", size>>10), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				if _, err := htmlToMarkdown(src, page); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
