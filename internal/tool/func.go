package tool

import (
	"context"
	"encoding/json"
)

// Func adapts plain functions to Tool. Unset hooks keep Base's fail-closed
// defaults. It suits tests and tools with little behaviour of their own.
type Func struct {
	ToolName    string
	ToolAliases []string
	Desc        string
	Schema      json.RawMessage
	Run         func(ctx context.Context, call Call) (*Result, error)

	ReadOnly        func(json.RawMessage) bool
	ConcurrencySafe func(json.RawMessage) bool
	Destructive     func(json.RawMessage) bool
	Validate        func(context.Context, json.RawMessage) error
	Permissions     func(context.Context, json.RawMessage) PermissionResult
	Interrupt       InterruptBehavior
	SiblingAbort    bool
}

var _ Tool = (*Func)(nil)

func (f *Func) Name() string                 { return f.ToolName }
func (f *Func) Aliases() []string            { return f.ToolAliases }
func (f *Func) Description() string          { return f.Desc }
func (f *Func) InputSchema() json.RawMessage { return f.Schema }
func (f *Func) InterruptBehavior() InterruptBehavior {
	return f.Interrupt
}
func (f *Func) AbortsSiblingsOnError() bool { return f.SiblingAbort }

func (f *Func) Call(ctx context.Context, c Call) (*Result, error) { return f.Run(ctx, c) }

func (f *Func) ValidateInput(ctx context.Context, in json.RawMessage) error {
	if f.Validate == nil {
		return nil
	}
	return f.Validate(ctx, in)
}

func (f *Func) CheckPermissions(ctx context.Context, in json.RawMessage) PermissionResult {
	if f.Permissions == nil {
		return Base{}.CheckPermissions(ctx, in)
	}
	return f.Permissions(ctx, in)
}

func (f *Func) IsReadOnly(in json.RawMessage) bool {
	return f.ReadOnly != nil && f.ReadOnly(in)
}

func (f *Func) IsConcurrencySafe(in json.RawMessage) bool {
	return f.ConcurrencySafe != nil && f.ConcurrencySafe(in)
}

func (f *Func) IsDestructive(in json.RawMessage) bool {
	return f.Destructive != nil && f.Destructive(in)
}

// Always returns a predicate that answers v for every input.
func Always(v bool) func(json.RawMessage) bool {
	return func(json.RawMessage) bool { return v }
}
