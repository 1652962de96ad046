package mcpattach

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"time"

	"corvid/internal/mcp"
	"corvid/internal/provider"
)

// Defaults of Options.
const (
	// DefaultTimeout bounds reading one mentioned resource.
	DefaultTimeout = 30 * time.Second
	// DefaultMaxBytes caps the text attached for one resource (about
	// 25,000 tokens, MAX_MCP_OUTPUT_TOKENS' default).
	DefaultMaxBytes = 100_000
)

// Reader reads a resource of a server (*mcp.Manager does).
type Reader interface {
	ReadResource(ctx context.Context, server, uri string) (*mcp.ReadResourceResult, error)
}

// Options say which servers exist, what may be read, and the bounds.
type Options struct {
	// Known reports whether a server of that name is configured.
	Known func(server string) bool
	// Allowed returns why a resource must not be read without asking
	// (the permission rules for ReadMcpResourceTool), nil when it may.
	Allowed func(server, uri string) error
	// Timeout bounds each read; 0 means DefaultTimeout.
	Timeout time.Duration
	// MaxBytes caps each resource's text; 0 means DefaultMaxBytes.
	MaxBytes int
}

// Attach reads the resources text mentions and returns the blocks to
// put before the prompt, in the mentions' order. Known and Allowed are
// asked in turn on the caller's goroutine; the reads run in parallel.
func Attach(ctx context.Context, r Reader, text string, o Options) []provider.Block {
	ms := Mentions(text, o.Known)
	parts := make([][]provider.Block, len(ms))
	var wg sync.WaitGroup
	for i, m := range ms {
		if parts[i] = o.refuse(m); parts[i] != nil {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			parts[i] = o.read(ctx, r, m)
		}()
	}
	wg.Wait()
	var out []provider.Block
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// refuse is the reminder for a mention that must not be read (nil when
// it may be).
func (o Options) refuse(m Mention) []provider.Block {
	if o.Known == nil || !o.Known(m.Server) {
		return notRead(m, fmt.Sprintf("no MCP server named %q is configured in this session, so the mention was left as text", m.Server))
	}
	if o.Allowed != nil {
		if err := o.Allowed(m.Server, m.URI); err != nil {
			return notRead(m, err.Error())
		}
	}
	return nil
}

// read reads one mentioned resource.
func (o Options) read(ctx context.Context, r Reader, m Mention) []provider.Block {
	timeout := orDefault(o.Timeout, DefaultTimeout)
	rctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	res, err := r.ReadResource(rctx, m.Server, m.URI)
	switch {
	case err != nil && errors.Is(rctx.Err(), context.DeadlineExceeded) && ctx.Err() == nil:
		return notRead(m, fmt.Sprintf("MCP server %q did not answer within %s; the turn went on without the resource", m.Server, timeout))
	case err != nil:
		return notRead(m, err.Error())
	case len(res.Contents) == 0:
		return wrapped(m, "No content")
	}
	var out []provider.Block
	b := &budget{text: orDefault(o.MaxBytes, DefaultMaxBytes), image: maxImages}
	for i := range res.Contents {
		if i == maxContents || b.text <= 0 {
			out = append(out, provider.TextBlock(reminder(fmt.Sprintf("%d more items of this resource were not attached "+
				"(at most %d items and %d bytes of text are); read them with ReadMcpResourceTool if you need them.",
				len(res.Contents)-i, maxContents, orDefault(o.MaxBytes, DefaultMaxBytes)))))
			break
		}
		out = append(out, b.contents(m, &res.Contents[i])...)
	}
	return out
}

// Bounds of what one resource attaches besides its text.
const (
	maxContents = 20       // items of one resource
	maxImages   = 10 << 20 // decoded image bytes of one resource or prompt
)

// budget is what is left to attach for one resource or prompt.
type budget struct {
	text  int // bytes of text
	image int // decoded bytes of images
}

// takeImage is an image block for data when it fits the budget.
func (b *budget) takeImage(data, mime string) (provider.Block, bool) {
	img, ok := image(data, mime)
	if !ok || decodedLen(data) > b.image {
		return provider.Block{}, false
	}
	b.image -= decodedLen(data)
	return img, true
}

// Texts around an attached resource (corvid's own wording).
const (
	fullContents = "The user mentioned this MCP resource; its whole text follows:"
	readOnce     = "That is the resource's complete text as of this prompt: there is no need to read it again unless it may have changed since."
)

// contents is one item of a resource: its text (capped, with a note when
// cut), an image, or a note for other binary content.
func (b *budget) contents(m Mention, c *mcp.ResourceContents) []provider.Block {
	if c.Blob != "" || c.Text == "" && c.MIMEType != "" && !strings.HasPrefix(c.MIMEType, "text/") {
		mime := c.MIMEType
		if mime == "" {
			mime = "application/octet-stream"
		}
		if img, ok := b.takeImage(c.Blob, mime); ok {
			return []provider.Block{provider.TextBlock(reminder("[Image content: " + mime + "]")), img}
		}
		return []provider.Block{provider.TextBlock(reminder("[Binary content: " + mime + "]"))}
	}
	text, cut := clip(c.Text, b.text)
	b.text -= len(text)
	last := readOnce
	if cut {
		last = fmt.Sprintf("The resource was cut: it has %d bytes and only the first %d are shown above. "+
			"If you need the rest, read it with ReadMcpResourceTool (server %q, uri %q).", len(c.Text), len(text), m.Server, m.URI)
	}
	return []provider.Block{provider.TextBlock(reminder(fullContents)),
		provider.TextBlock(reminder(escapeReminder(text))), provider.TextBlock(reminder(last))}
}

// notRead is the reminder for a mention that was not attached.
func notRead(m Mention, why string) []provider.Block { return wrapped(m, "Not read: "+why) }

func wrapped(m Mention, note string) []provider.Block {
	return []provider.Block{provider.TextBlock(reminder(fmt.Sprintf(`<mcp-resource server="%s" uri="%s">(%s)</mcp-resource>`,
		attr(m.Server), attr(m.URI), note)))}
}

func attr(s string) string {
	return strings.NewReplacer("&", "&amp;", `"`, "&quot;", "<", "&lt;", ">", "&gt;").Replace(s)
}

func reminder(s string) string { return "<system-reminder>\n" + s + "\n</system-reminder>" }

// closeReminder matches what would close a system reminder.
var closeReminder = regexp.MustCompile(`(?i)<\s*/\s*system-reminder\s*>`)

// escapeReminder keeps a resource's text from closing the reminder it is
// put in.
func escapeReminder(s string) string {
	return closeReminder.ReplaceAllString(s, "&lt;/system-reminder&gt;")
}

func orDefault[T int | time.Duration](v, def T) T {
	if v > 0 {
		return v
	}
	return def
}
