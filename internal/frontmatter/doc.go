// Package frontmatter reads the YAML header of Markdown definition files
// (custom commands, skills, output styles): a block fenced by "---" lines
// at the top of the file. It understands the subset such files use —
// "key: value" with plain or quoted scalars, inline [a, b] lists, block
// "- item" lists, and "|" / ">" block scalars — and skips nested maps
// whole. Anything else is a *SyntaxError naming the line, so a broken
// header is reported rather than half-read.
package frontmatter
