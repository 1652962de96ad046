// Package termmd renders Markdown for a terminal: headings, emphasis,
// lists, quotes, tables, links and code blocks, word-wrapped to a width,
// with ANSI attributes and the 16 theme colours (so it reads in light and
// dark terminals alike), or with its markers kept as text when colour is
// off (NO_COLOR).
//
// It parses with goldmark and highlights code with a small highlighter
// of its own (highlight.go): nothing is registered or compiled at package
// initialisation, so a program linking it starts at once. That is why the
// interactive interface uses it instead of glamour, whose highlighter
// (chroma) parses every lexer and style it ships when the program starts.
package termmd
