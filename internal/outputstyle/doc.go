// Package outputstyle holds the output styles that change how the main
// conversation answers: the built-in default, Explanatory and Learning,
// and custom styles from .claude/output-styles/*.md (the working
// directory up to its repository's root, nearest first) and the user's
// corvid directory. A style's body is added to the system prompt; unless
// it keeps them (keep-coding-instructions), the prompt's software
// engineering instructions are dropped.
package outputstyle
