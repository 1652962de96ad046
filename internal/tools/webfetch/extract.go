package webfetch

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// minArticle is the shortest main-content text (in bytes) trusted without
// comparing it with the whole page.
const minArticle = 200

// maxCandidates bounds how many <article> or <main> elements are weighed,
// so that nested candidates cannot make the choice quadratic.
const maxCandidates = 64

// nonContent are the elements never shown as text: always dropped.
var nonContent = map[atom.Atom]bool{
	atom.Script: true, atom.Style: true, atom.Noscript: true, atom.Template: true, atom.Svg: true,
	atom.Canvas: true, atom.Iframe: true, atom.Object: true, atom.Embed: true, atom.Dialog: true,
	atom.Head: true, atom.Link: true, atom.Meta: true,
}

// controls are form controls: dropped from the main content.
var controls = map[atom.Atom]bool{
	atom.Button: true, atom.Input: true, atom.Select: true, atom.Textarea: true,
}

// pruner says which subtrees leave the content. strict drops the page's
// boilerplate (navigation, sidebars, forms, page headers and footers)
// too; otherwise only what is never shown as text goes.
type pruner struct{ strict bool }

// mainContent returns the subtree of doc holding the page's main content,
// with what is not content removed from it: the largest <article> when it
// holds at least half of the page's prose, else the largest <main> (or
// role=main) holding at least a quarter, else the body. When that leaves
// little text while the page has much more, the whole body is kept with
// only invisible elements removed, so that a page made mostly of links
// still says something.
func mainContent(doc *html.Node) *html.Node {
	body := findElement(doc, atom.Body)
	if body == nil {
		body = doc
	}
	strict := pruner{strict: true}
	chosen := strict.choose(body)
	text, _ := strict.measure(chosen, opensSection(chosen))
	if text < minArticle {
		lenient := pruner{}
		if all, _ := lenient.measure(body, false); all > 2*text {
			lenient.prune(body, false)
			return body
		}
	}
	strict.prune(chosen, opensSection(chosen))
	return chosen
}

// choose picks the content root under body (see mainContent).
func (p pruner) choose(body *html.Node) *html.Node {
	_, pageProse := p.measure(body, false)
	var articles, mains []*html.Node
	p.collect(body, false, func(n *html.Node) {
		switch {
		case n.DataAtom == atom.Article && len(articles) < maxCandidates:
			articles = append(articles, n)
		case (n.DataAtom == atom.Main || attr(n, "role") == "main") && len(mains) < maxCandidates:
			mains = append(mains, n)
		}
	})
	if n, prose := p.largest(articles); prose > 0 && 2*prose >= pageProse {
		return n
	}
	if n, prose := p.largest(mains); prose > 0 && 4*prose >= pageProse {
		return n
	}
	return body
}

// largest returns the candidate with the most prose, and that prose.
func (p pruner) largest(nodes []*html.Node) (*html.Node, int) {
	var best *html.Node
	most := 0
	for _, n := range nodes {
		if _, prose := p.measure(n, true); prose > most {
			best, most = n, prose
		}
	}
	return best, most
}

// collect calls fn on every element under n that the pruner keeps.
func (p pruner) collect(n *html.Node, inSection bool, fn func(*html.Node)) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if p.drops(c, inSection) {
			continue
		}
		if c.Type == html.ElementNode {
			fn(c)
		}
		p.collect(c, inSection || opensSection(c), fn)
	}
}

// measure counts the bytes of visible text under n that the pruner keeps,
// and of that, the prose: the text outside links.
func (p pruner) measure(n *html.Node, inSection bool) (text, prose int) {
	if n.Type == html.TextNode {
		l := len(strings.TrimSpace(n.Data))
		return l, l
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if p.drops(c, inSection) {
			continue
		}
		t, pr := p.measure(c, inSection || opensSection(c))
		text += t
		if c.DataAtom != atom.A {
			prose += pr
		}
	}
	return text, prose
}

// prune removes from n's subtree what the pruner drops.
func (p pruner) prune(n *html.Node, inSection bool) {
	for c := n.FirstChild; c != nil; {
		next := c.NextSibling
		if p.drops(c, inSection) {
			n.RemoveChild(c)
		} else {
			p.prune(c, inSection || opensSection(c))
		}
		c = next
	}
}

// drops reports whether the subtree at n leaves the content. inSection
// says whether n is inside an article, main or section, whose own header
// and footer are content.
func (p pruner) drops(n *html.Node, inSection bool) bool {
	switch n.Type {
	case html.CommentNode:
		return true
	case html.ElementNode:
	default:
		return false
	}
	if nonContent[n.DataAtom] || hidden(n) {
		return true
	}
	if !p.strict {
		return false
	}
	switch role := attr(n, "role"); {
	case n.DataAtom == atom.Nav, n.DataAtom == atom.Aside, controls[n.DataAtom],
		role == "navigation", role == "complementary", role == "search":
		return true
	case n.DataAtom == atom.Header, n.DataAtom == atom.Footer, role == "banner", role == "contentinfo":
		return !inSection
	case n.DataAtom == atom.Form:
		// A form is a search box or a sign-up block, unless a site wraps
		// its pages in one: keep forms with real text (their controls
		// still go).
		text, _ := p.measure(n, inSection)
		return text < minArticle
	}
	return false
}

// opensSection reports the elements whose headers and footers belong to
// the content rather than to the page.
func opensSection(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Article, atom.Main, atom.Section:
		return true
	}
	return attr(n, "role") == "main" || attr(n, "role") == "article"
}

// hidden reports an element hidden by the hidden attribute, aria-hidden
// or an inline display:none or visibility:hidden style.
func hidden(n *html.Node) bool {
	for _, a := range n.Attr {
		switch a.Key {
		case "hidden":
			return true
		case "aria-hidden":
			if strings.EqualFold(strings.TrimSpace(a.Val), "true") {
				return true
			}
		case "style":
			if hiddenStyle(a.Val) {
				return true
			}
		}
	}
	return false
}

// hiddenStyle reports an inline style declaring display:none or
// visibility:hidden (with or without !important).
func hiddenStyle(style string) bool {
	for decl := range strings.SplitSeq(style, ";") {
		prop, val, ok := strings.Cut(decl, ":")
		if !ok {
			continue
		}
		prop = strings.ToLower(strings.TrimSpace(prop))
		val = strings.ToLower(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(val), "!important")))
		if (prop == "display" && val == "none") || (prop == "visibility" && val == "hidden") {
			return true
		}
	}
	return false
}

// pageTitle is the text of the document's <title>, spaces collapsed.
func pageTitle(doc *html.Node) string {
	head := findElement(doc, atom.Head)
	if head == nil {
		return ""
	}
	t := findElement(head, atom.Title)
	if t == nil {
		return ""
	}
	var b strings.Builder
	for c := t.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.TextNode {
			b.WriteString(c.Data)
		}
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// findElement returns the first element under n (depth first) with the
// given tag, or nil.
func findElement(n *html.Node, tag atom.Atom) *html.Node {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && c.DataAtom == tag {
			return c
		}
		if found := findElement(c, tag); found != nil {
			return found
		}
	}
	return nil
}

// attr returns the value of n's attribute key, lower-cased and trimmed.
func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return strings.ToLower(strings.TrimSpace(a.Val))
		}
	}
	return ""
}
