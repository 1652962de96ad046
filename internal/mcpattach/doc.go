// Package mcpattach turns what MCP servers offer into the user's turn, as
// Claude Code does before it sends a prompt: the resources a prompt
// mentions as @server:uri are read and attached (text, images, a note for
// other binary content, each capped), and an MCP prompt invoked as
// /mcp__<server>__<prompt> args gets its declared arguments filled from
// the words typed and its messages become the turn's blocks.
//
// A mention that cannot be read (no such server, a refused permission,
// an error or a server that does not answer in time) stays as text and
// gets a reminder saying why; the turn goes on.
package mcpattach
