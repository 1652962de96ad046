// Package command reads Claude Code's user-defined prompts: custom slash
// commands (.claude/commands/**/*.md) and skills
// (.claude/skills/<name>/SKILL.md), from the project (the working
// directory up to its repository's root, nearest first) and the user's
// corvid directory. It expands a definition's body for one invocation —
// arguments, ${CLAUDE_…} variables, !`command` output, @file mentions —
// and builds the user turn Claude Code sends for it. Running shell
// commands, checking permissions and attaching files are the caller's:
// Expand takes them as functions.
package command
