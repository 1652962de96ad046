package app

import (
	"corvid/internal/engine"
	"corvid/internal/tool"
	"corvid/internal/tools/structured"
)

// structuredOutput builds --json-schema: the StructuredOutput tool and
// the engine's hold on it; nothing without a schema.
func structuredOutput(opts Options) (*engine.StructuredOutput, []tool.Tool, error) {
	if len(opts.JSONSchema) == 0 {
		return nil, nil, nil
	}
	t, err := structured.New(opts.JSONSchema)
	if err != nil {
		return nil, nil, err
	}
	return &engine.StructuredOutput{Tool: structured.Name, Take: t.Take, MaxRetries: structured.MaxRetries,
		Reminder: structured.Reminder}, []tool.Tool{t}, nil
}
