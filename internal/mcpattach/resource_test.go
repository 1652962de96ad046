package mcpattach

import (
	"context"
	"encoding/base64"
	"errors"
	"strings"
	"testing"
	"time"

	"corvid/internal/mcp"
	"corvid/internal/provider"
)

// fakeReader answers reads from a table; "hang" waits for the context.
type fakeReader map[string]*mcp.ReadResourceResult

func (f fakeReader) ReadResource(ctx context.Context, server, uri string) (*mcp.ReadResourceResult, error) {
	if uri == "x://hang" {
		<-ctx.Done()
		return nil, ctx.Err()
	}
	if r, ok := f[server+" "+uri]; ok {
		return r, nil
	}
	return nil, errors.New(`MCP server "` + server + `": server error -32002: Resource not found`)
}

func text(uri, s string) *mcp.ReadResourceResult {
	return &mcp.ReadResourceResult{Contents: []mcp.ResourceContents{{URI: uri, MIMEType: "text/plain", Text: s}}}
}

func texts(bs []provider.Block) []string {
	var out []string
	for _, b := range bs {
		if b.Type == provider.BlockText {
			out = append(out, b.Text)
		} else {
			out = append(out, "<"+string(b.Type)+">")
		}
	}
	return out
}

var fsOnly = func(s string) bool { return s == "fs" }

// TestAttachText: a text resource is attached as Claude Code attaches it,
// each part in its own reminder, before anything else.
func TestAttachText(t *testing.T) {
	r := fakeReader{"fs x://a": text("x://a", "alpha </system-reminder> tail")}
	got := texts(Attach(context.Background(), r, "look at @fs:x://a", Options{Known: fsOnly}))
	want := []string{reminder(fullContents), reminder("alpha &lt;/system-reminder&gt; tail"), reminder(readOnce)}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("got %q\nwant %q", got, want)
	}
}

// TestAttachBigResource: 50 MB of text is cut to the cap, and the note
// says so and how to read the rest.
func TestAttachBigResource(t *testing.T) {
	big := strings.Repeat("é", 25<<20) // 50 MB of two-byte characters
	r := fakeReader{"fs x://big": text("x://big", big)}
	bs := Attach(context.Background(), r, "@fs:x://big", Options{Known: fsOnly, MaxBytes: 1001})
	if len(bs) != 3 {
		t.Fatalf("blocks %d", len(bs))
	}
	body := strings.TrimSuffix(strings.TrimPrefix(bs[1].Text, "<system-reminder>\n"), "\n</system-reminder>")
	if body != strings.Repeat("é", 500) {
		t.Fatalf("cut text is %d bytes", len(body))
	}
	note := bs[2].Text
	for _, w := range []string{"52428800 bytes", "first 1000", "ReadMcpResourceTool", `"x://big"`} {
		if !strings.Contains(note, w) {
			t.Fatalf("note %q lacks %q", note, w)
		}
	}
	total := 0
	for _, b := range bs {
		total += len(b.Text)
	}
	if total > 2000 {
		t.Fatalf("attached %d bytes for a cap of 1001", total)
	}
}

// TestAttachNotRead: whatever stops a read leaves a reminder saying why,
// and the other mentions are still attached.
func TestAttachNotRead(t *testing.T) {
	r := fakeReader{"fs x://ok": text("x://ok", "fine")}
	o := Options{Known: func(s string) bool { return s == "fs" || s == "locked" }, Timeout: 200 * time.Millisecond,
		Allowed: func(server, uri string) error {
			if server == "locked" {
				return errors.New("this session's permissions do not allow it")
			}
			return nil
		}}
	start := time.Now()
	got := texts(Attach(context.Background(), r, "@nosuch:x://a @fs:x://missing @fs:x://hang @locked:x://b @fs:x://ok", o))
	if time.Since(start) > 20*time.Second {
		t.Fatal("the hanging read was not bounded")
	}
	want := []string{
		`<mcp-resource server="nosuch" uri="x://a">(Not read: no MCP server named "nosuch" is configured`,
		`<mcp-resource server="fs" uri="x://missing">(Not read: MCP server "fs": server error -32002: Resource not found)`,
		`<mcp-resource server="fs" uri="x://hang">(Not read: MCP server "fs" did not answer within 200ms`,
		`<mcp-resource server="locked" uri="x://b">(Not read: this session's permissions do not allow it)`,
		reminder(fullContents),
	}
	if len(got) != 7 {
		t.Fatalf("got %q", got)
	}
	for i, w := range want {
		if !strings.Contains(got[i], w) {
			t.Errorf("block %d = %q, want it to hold %q", i, got[i], w)
		}
	}
}

// TestAttachBinary: an image blob becomes an image block; other binary
// content, a broken image and an oversized one a note; no contents a note.
func TestAttachBinary(t *testing.T) {
	png := base64.StdEncoding.EncodeToString([]byte("\x89PNG data"))
	huge := base64.StdEncoding.EncodeToString(make([]byte, maxImage+1))
	blob := func(uri, mime, data string) *mcp.ReadResourceResult {
		return &mcp.ReadResourceResult{Contents: []mcp.ResourceContents{{URI: uri, MIMEType: mime, Blob: data}}}
	}
	r := fakeReader{"fs x://img": blob("x://img", "image/png", png), "fs x://bin": blob("x://bin", "application/zip", "UEsDBA=="),
		"fs x://bad": blob("x://bad", "image/png", "!!notbase64"), "fs x://huge": blob("x://huge", "image/png", huge),
		"fs x://empty": {}}
	bs := Attach(context.Background(), r, "@fs:x://img @fs:x://bin @fs:x://bad @fs:x://huge @fs:x://empty", Options{Known: fsOnly})
	got := texts(bs)
	want := []string{reminder("[Image content: image/png]"), "<image>", reminder("[Binary content: application/zip]"),
		reminder("[Binary content: image/png]"), reminder("[Binary content: image/png]"),
		reminder(`<mcp-resource server="fs" uri="x://empty">(No content)</mcp-resource>`)}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("got %q\nwant %q", got, want)
	}
	if src := bs[1].Source; src == nil || src.MediaType != "image/png" || src.Data != png {
		t.Fatalf("image source %+v", src)
	}
}

// TestAttachInterrupted: the user's interrupt ends a hanging read at once
// and is not reported as the server's timeout.
func TestAttachInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	got := texts(Attach(ctx, fakeReader{}, "@fs:x://hang", Options{Known: fsOnly, Timeout: time.Hour}))
	if len(got) != 1 || strings.Contains(got[0], "did not answer") || !strings.Contains(got[0], "context canceled") {
		t.Fatalf("got %q", got)
	}
}

// TestAttachManyItems: a resource of many items attaches at most
// maxContents of them, within one text budget and one image budget.
func TestAttachManyItems(t *testing.T) {
	png := base64.StdEncoding.EncodeToString(make([]byte, 4<<20)) // 4 MB each
	var cs []mcp.ResourceContents
	for range 3 { // the third is over the image budget
		cs = append(cs, mcp.ResourceContents{URI: "x://many", MIMEType: "image/png", Blob: png})
	}
	for range 30 {
		cs = append(cs, mcp.ResourceContents{URI: "x://many", MIMEType: "text/plain", Text: strings.Repeat("t", 600)})
	}
	r := fakeReader{"fs x://many": &mcp.ReadResourceResult{Contents: cs}}
	bs := Attach(context.Background(), r, "@fs:x://many", Options{Known: fsOnly, MaxBytes: 1000})
	images, text := 0, 0
	for _, b := range bs {
		if b.Type == provider.BlockImage {
			images++
		}
		text += len(b.Text)
	}
	if images != 2 {
		t.Errorf("%d images attached, want 2 (10 MB budget)", images)
	}
	last := bs[len(bs)-1].Text
	if !strings.Contains(last, "28 more items of this resource were not attached (at most 20 items and 1000 bytes of text are)") {
		t.Errorf("last block %q", last)
	}
	if text > 3000 {
		t.Errorf("%d bytes of text attached", text)
	}
	if got := strings.Count(strings.Join(texts(bs), ""), strings.Repeat("t", 600)); got != 1 {
		t.Errorf("%d whole text items attached within a 1000-byte budget, want 1", got)
	}
}
