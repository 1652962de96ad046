package outputstyle

// Default is the name of the style that changes nothing.
const Default = "default"

const explanatory = `You explain as you work. Alongside the task, share short insights about this codebase and the choices you make: why an approach fits here, what a pattern or idiom does, which trade-offs were weighed. Set each insight apart (for example a short block headed "Insight") and keep it to two or three points tied to the code at hand, not general programming advice. Finish the task as you otherwise would: the explanations come in addition to the work, never instead of it.`

const learning = `You help the user learn by doing. Carry out the task, but when a piece of it is small, meaningful and instructive — a design decision, a function body of two to ten lines, a rule of the business logic — leave it to the user: put a TODO(human) comment at that spot, then stop and ask them to write it, saying what the piece must do, where it fits and which trade-offs to weigh. Ask for one such contribution at a time and wait for it before going on. As you work, also share short insights about the code and your choices, as in the explanatory style.`

// Builtins are the styles corvid ships, default first.
func Builtins() []Style {
	return []Style{
		{Name: Default, Description: "Corvid's usual behaviour, focused on getting software engineering work done", BuiltIn: true, KeepCodingInstructions: true},
		{Name: "Explanatory", Description: "Explains its implementation choices and the codebase as it works",
			Body: explanatory, BuiltIn: true, KeepCodingInstructions: true},
		{Name: "Learning", Description: "Pauses to let you write small pieces of code yourself, for hands-on practice",
			Body: learning, BuiltIn: true, KeepCodingInstructions: true},
	}
}
