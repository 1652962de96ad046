package webfetch

import (
	"net/url"
	"os"
	"strings"
	"testing"

	"corvid/internal/tool/tooltest"
)

// TestRealisticPages converts whole pages and compares the Markdown with
// golden files; the substrings make the intent of each golden explicit.
func TestRealisticPages(t *testing.T) {
	tests := []struct {
		file    string
		want    []string
		notWant []string
	}{
		// An <article> among a masthead, sidebar, comments and footer.
		{"blog", []string{
			"# Why our build got twice as fast", "By Dana Ortiz", // the article's own header stays
			"## Splitting the test suite", "[earlier post on sharding](https://example.com/2025/sharding)",
			"Tagged:", "Median build time per week.",
		}, []string{
			"Archive", "Search", "Popular posts", "Subscribe", "Privacy policy", "cookies",
			"Sign up to read", "Decorative", "Great write-up", "Sharding by duration beats", "tracker",
		}},
		// A <main> holding the page, with a table of contents inside it.
		{"docs", []string{
			"# Installing the CLI", "curl -fsSL https://widget.example/install.sh | sh", "| Platform     | Archive",
			"## Verify the download",
		}, []string{
			"API reference", "Getting started", "licensed under", "[Linux](#linux)", "float",
		}},
		// Neither: the body, without its navigation, footer and script.
		{"plain", []string{
			"# Release notes for version 4.2", "Widget 4.2", "## What changed", "`WIDGET_`", "- Start-up is faster",
		}, []string{"Downloads", "support@widget.example", "querySelector"}},
	}
	page, _ := url.Parse("https://example.com/posts/build")
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			src, err := os.ReadFile("testdata/" + tt.file + ".html")
			if err != nil {
				t.Fatal(err)
			}
			got, err := htmlToMarkdown(string(src), page)
			if err != nil {
				t.Fatal(err)
			}
			checkText(t, got, tt.want, tt.notWant)
			tooltest.Golden(t, "page_"+tt.file, got, nil)
		})
	}
}

func TestMainContentChoice(t *testing.T) {
	long := func(word string) string { return "<p>" + strings.Repeat(word+" text of the page. ", 20) + "</p>" }
	tests := []struct {
		name, body string
		want       []string
		notWant    []string
	}{
		{"article preferred over main",
			`<main><div>` + long("Teaser") + `</div><article>` + long("Story") + long("More") + `</article></main>`,
			[]string{"Story", "More"}, []string{"Teaser"}},
		{"many articles: a listing keeps them all",
			`<main><article>` + long("First") + `</article><article>` + long("Second") + `</article><article>` + long("Third") + `</article></main>`,
			[]string{"First", "Second", "Third"}, nil},
		{"short article beside much more text: the body",
			`<article><p>Tiny card.</p></article><div>` + long("Body") + long("Body") + `</div>`,
			[]string{"Tiny card.", "Body"}, nil},
		{"role=main counts as main",
			`<div class="menu">` + long("Menu") + `</div><div role="main">` + long("Docs") + `</div>`,
			[]string{"Docs"}, []string{"Menu"}},
		{"page made of links keeps its navigation",
			`<nav>` + strings.Repeat(`<a href="/x">A long link label for the index</a> `, 20) + `</nav><p>Index.</p>`,
			[]string{"A long link label", "Index."}, nil},
		{"site wrapped in a form keeps its text",
			`<form action="/post">` + long("Wrapped") + `<input name="x" value="control"><button>Go</button></form>`,
			[]string{"Wrapped"}, []string{"Go"}},
		{"hidden elements dropped",
			long("Shown") + `<p hidden>H1</p><p aria-hidden="TRUE">H2</p><p style="color:red; DISPLAY : none">H3</p>` +
				`<p style="visibility:hidden">H4</p><p aria-hidden="false">Visible</p><template><p>H5</p></template>` +
				`<svg><text>H6</text></svg><noscript>H7</noscript><dialog>H8</dialog>`,
			[]string{"Shown", "Visible"}, []string{"H1", "H2", "H3", "H4", "H5", "H6", "H7", "H8"}},
		{"page header dropped, section header kept",
			`<header>Site banner</header><section><header><h2>Chapter</h2></header>` + long("Prose") + `</section>`,
			[]string{"## Chapter", "Prose"}, []string{"Site banner"}},
	}
	page, _ := url.Parse("https://example.com/")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := htmlToMarkdown("<html><body>"+tt.body+"</body></html>", page)
			if err != nil {
				t.Fatal(err)
			}
			checkText(t, got, tt.want, tt.notWant)
		})
	}
}

func checkText(t *testing.T, got string, want, notWant []string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("lacks %q:\n%s", w, got)
		}
	}
	for _, w := range notWant {
		if strings.Contains(got, w) {
			t.Errorf("contains %q:\n%s", w, got)
		}
	}
}

func TestWithTitle(t *testing.T) {
	tests := []struct{ title, md, want string }{
		{"", "body", "body"},
		{"T", "", "# T"},
		{"Guide", "# Guide\n\ntext", "# Guide\n\ntext"},
		{"Install | Docs", "# Install\n\ntext", "# Install\n\ntext"},
		{"Install | Docs", "Install the tool.\n", "# Install | Docs\n\nInstall the tool."},
		{"News", "# Other\n\ntext", "# News\n\n# Other\n\ntext"},
		{"News", "#\n\ntext", "# News\n\n#\n\ntext"},
	}
	for _, tt := range tests {
		if got := withTitle(tt.title, tt.md); got != tt.want {
			t.Errorf("withTitle(%q, %q) = %q, want %q", tt.title, tt.md, got, tt.want)
		}
	}
}

func TestHiddenStyle(t *testing.T) {
	tests := map[string]bool{
		"display:none":               true,
		"display: none !important":   true,
		"color: red;display:none;":   true,
		"Visibility: Hidden":         true,
		"display:block":              false,
		"display:none-ish":           false,
		"content: 'display:none'":    false,
		"":                           false,
		"font-family: a; display: x": false,
	}
	for style, want := range tests {
		if got := hiddenStyle(style); got != want {
			t.Errorf("hiddenStyle(%q) = %v, want %v", style, got, want)
		}
	}
}
