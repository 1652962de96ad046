package jsonschema

import (
	"os"
	"testing"
)

const (
	editValid   = `{"file_path":"/work/main/internal/x.go","old_string":"func a() {\n\treturn 1\n}","new_string":"func a() {\n\treturn 2\n}","replace_all":false}`
	editInvalid = `{"file_path":"/x","old_string":7,"new_string":"y","extra":1}`
)

func editSchema(b *testing.B) []byte {
	raw, err := os.ReadFile("../tools/edit/schema.json")
	if err != nil {
		b.Fatal(err)
	}
	return raw
}

// BenchmarkValidateEdit checks an Edit call the way the executor does.
func BenchmarkValidateEdit(b *testing.B) {
	s, err := Compile(editSchema(b))
	if err != nil {
		b.Fatal(err)
	}
	valid, invalid := decode(b, editValid), decode(b, editInvalid)
	b.Run("valid", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := s.Validate(valid); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("invalid", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := s.Validate(invalid); err == nil {
				b.Fatal("accepted")
			}
		}
	})
}

func BenchmarkCompileEdit(b *testing.B) {
	raw := editSchema(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Compile(raw); err != nil {
			b.Fatal(err)
		}
	}
}
