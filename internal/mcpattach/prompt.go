package mcpattach

import (
	"fmt"
	"strings"

	"corvid/internal/command"
	"corvid/internal/mcp"
	"corvid/internal/provider"
)

// maxMessages bounds the messages of one prompt put in the turn.
const maxMessages = 100

// CommandName is the slash command of a server's prompt.
func CommandName(server, prompt string) string { return "mcp__" + server + "__" + prompt }

// ArgumentHint lists a prompt's arguments, as the command's usage shows
// them.
func ArgumentHint(p mcp.Prompt) string {
	names := make([]string, len(p.Arguments))
	for i, a := range p.Arguments {
		names[i] = a.Name
	}
	return strings.Join(names, " ")
}

// Args fills a prompt's declared arguments from the words of args, in
// order; words may be quoted as in a shell ("New York"), and words beyond
// the last argument join it, so nothing typed is lost. A required
// argument left without a word is an *ArgError (ErrMissingArgument), as
// are words for a prompt that declares no arguments (ErrNoArguments).
func Args(cmd string, p mcp.Prompt, args string) (map[string]string, error) {
	words := command.SplitArgs(args)
	if len(p.Arguments) == 0 {
		if len(words) > 0 {
			return nil, &ArgError{Command: cmd, Extra: strings.TrimSpace(args), err: ErrNoArguments}
		}
		return nil, nil
	}
	out := map[string]string{}
	for i, a := range p.Arguments {
		switch {
		case i == len(p.Arguments)-1 && len(words) > i:
			out[a.Name] = strings.Join(words[i:], " ")
		case i < len(words):
			out[a.Name] = words[i]
		case a.Required:
			return nil, &ArgError{Command: cmd, Missing: a.Name, Args: argNames(p), err: ErrMissingArgument}
		}
	}
	return out, nil
}

func argNames(p mcp.Prompt) []string {
	var out []string
	for _, a := range p.Arguments {
		out = append(out, a.Name)
	}
	return out
}

// PromptTurn is the user turn for /cmd args whose prompts/get answered
// res: a block naming the command (as for custom commands; no
// <command-args> line without arguments), then the messages' contents —
// text, images as image blocks, embedded resources as Claude Code words
// them — with the text capped at maxBytes in total (0: DefaultMaxBytes).
func PromptTurn(cmd, args, server string, res *mcp.GetPromptResult, maxBytes int) []provider.Block {
	head := "<command-message>" + cmd + "</command-message>\n<command-name>/" + cmd + "</command-name>\n"
	if args != "" {
		head += "<command-args>" + args + "</command-args>\n"
	}
	out := []provider.Block{provider.TextBlock(head)}
	bud := &budget{text: orDefault(maxBytes, DefaultMaxBytes), image: maxImages}
	for i, msg := range res.Messages {
		if i == maxMessages {
			out = append(out, provider.TextBlock(fmt.Sprintf("[%d more messages of the prompt were not attached (at most %d are).]",
				len(res.Messages)-maxMessages, maxMessages)))
			break
		}
		b := bud.promptBlock(server, msg.Content)
		if b.Type == provider.BlockText {
			text, cut := clip(b.Text, bud.text)
			bud.text -= len(text)
			if cut {
				out = append(out, provider.TextBlock(text+fmt.Sprintf("\n\n[The prompt's text was cut at %d bytes.]", orDefault(maxBytes, DefaultMaxBytes))))
				break
			}
		}
		out = append(out, b)
	}
	if len(out) == 1 {
		out = append(out, provider.TextBlock(fmt.Sprintf("(The MCP prompt /%s returned no messages.)", cmd)))
	}
	return out
}

// promptBlock is one content block of a prompt message.
func (bud *budget) promptBlock(server string, c mcp.Content) provider.Block {
	switch c.Type {
	case "text":
		return provider.TextBlock(c.Text)
	case "image":
		if img, ok := bud.takeImage(c.Data, c.MIMEType); ok {
			return img
		}
		return provider.TextBlock(fmt.Sprintf("[Image content: %s, not attached: not a type, size or encoding the model can take, or over the turn's %d MB of images]", c.MIMEType, maxImages>>20))
	case "audio":
		return provider.TextBlock(fmt.Sprintf("[Audio content: %s, not attached]", c.MIMEType))
	case "resource_link":
		return provider.TextBlock(fmt.Sprintf("[Resource link from %s: %s (%s)]", server, c.Name, c.URI))
	case "resource":
		return bud.embedded(server, c.Resource)
	}
	return provider.TextBlock(fmt.Sprintf("[Content of type %q, not attached]", c.Type))
}

// embedded is a resource a prompt message carries.
func (bud *budget) embedded(server string, r *mcp.ResourceContents) provider.Block {
	if r == nil {
		return provider.TextBlock(fmt.Sprintf("[Resource from %s: empty]", server))
	}
	head := fmt.Sprintf("[Resource from %s at %s]", server, r.URI)
	if r.Blob == "" {
		return provider.TextBlock(head + " " + r.Text)
	}
	if img, ok := bud.takeImage(r.Blob, r.MIMEType); ok {
		return img
	}
	return provider.TextBlock(fmt.Sprintf("%s Binary content (%s, %d bytes), not attached", head, r.MIMEType, decodedLen(r.Blob)))
}
