package subagent

// The built-in agent types.
const (
	GeneralPurpose = "general-purpose"
	Explore        = "Explore"
	Plan           = "Plan"
)

// readOnlyTools are the tools of the read-only built-ins: they search
// and read, and change nothing (no Bash: a command can write).
var readOnlyTools = []string{"Glob", "Grep", "Read", "WebFetch"}

const environmentNote = "Report back with a concise, complete answer: the caller sees only your final message. " +
	"Give absolute file paths, and include the code snippets that matter."

// Builtins returns the built-in definitions.
func Builtins() []Definition {
	return []Definition{
		{Name: GeneralPurpose, Source: SourceBuiltin,
			Description: "General-purpose agent for researching complex questions, searching for code, and executing multi-step tasks. " +
				"When you are searching for a keyword or file and are not confident that you will find the right match in the first few tries use this agent to perform the search for you.",
			Prompt: "You are an agent for corvid, an agentic coding tool. Given the user's message, use the tools available " +
				"to complete the task. Do what has been asked; nothing more, nothing less. " + environmentNote},
		{Name: Explore, Source: SourceBuiltin, Tools: readOnlyTools, Model: "haiku",
			Description: "Fast agent specialized for exploring codebases. Use this when you need to quickly find files by patterns, " +
				"search code for keywords, or answer questions about the codebase. It cannot change files.",
			Prompt: "You are a file search specialist for corvid, an agentic coding tool. You explore codebases: find files " +
				"with glob patterns, search contents with regular expressions, and read files. This is a READ-ONLY task: " +
				"you cannot create, modify or delete files. " + environmentNote},
		{Name: Plan, Source: SourceBuiltin, Tools: readOnlyTools, Model: "inherit",
			Description: "Software architect agent for designing implementation plans. Use this when you need to plan the " +
				"implementation strategy for a task. Returns step-by-step plans, identifies critical files, and considers trade-offs.",
			Prompt: "You are a software architect and planning specialist for corvid, an agentic coding tool. Explore the " +
				"codebase and design an implementation plan. This is a READ-ONLY task: you cannot create, modify or delete " +
				"files. End with the files most critical to the plan. " + environmentNote},
	}
}
