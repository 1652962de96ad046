package jsonschema

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"strings"
)

// kindOf is the set of type names a value has: an integral number is both
// a number and an integer. It is 0 for a Go type JSON cannot hold.
func kindOf(v any) typeSet {
	switch v.(type) {
	case nil:
		return tNull
	case bool:
		return tBoolean
	case string:
		return tString
	case map[string]any:
		return tObject
	case []any:
		return tArray
	}
	f, ok := toFloat(v)
	if !ok {
		return 0
	}
	if math.IsInf(f, 0) || f == math.Trunc(f) {
		return tNumber | tInteger
	}
	return tNumber
}

// kindName names a value's type for a message.
func kindName(k typeSet) string {
	switch {
	case k&tInteger != 0:
		return "integer"
	case k == 0:
		return "an unsupported Go value"
	}
	for i, name := range typeNames {
		if k&(1<<i) != 0 {
			return name
		}
	}
	return "unknown"
}

// toFloat reads a number: float64 or json.Number as encoding/json gives
// them, or a Go integer type. A json.Number out of float64 range reads as
// an infinity.
func toFloat(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case json.Number:
		f, err := strconv.ParseFloat(string(x), 64)
		if err != nil && !math.IsInf(f, 0) {
			return 0, false
		}
		return f, true
	case int:
		return float64(x), true
	case int64:
		return float64(x), true
	case int32:
		return float64(x), true
	case float32:
		return float64(x), true
	case uint64:
		return float64(x), true
	}
	return 0, false
}

// equal is JSON equality: numbers compare by value whatever their Go type.
func equal(a, b any) bool {
	switch x := a.(type) {
	case nil:
		return b == nil
	case bool:
		y, ok := b.(bool)
		return ok && x == y
	case string:
		y, ok := b.(string)
		return ok && x == y
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, xv := range x {
			if yv, ok := y[k]; !ok || !equal(xv, yv) {
				return false
			}
		}
		return true
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !equal(x[i], y[i]) {
				return false
			}
		}
		return true
	}
	fa, ok1 := toFloat(a)
	fb, ok2 := toFloat(b)
	return ok1 && ok2 && fa == fb
}

// quote shows a value as JSON for a message, shortened if long.
func quote(v any) string {
	const most = 60
	if s, ok := v.(string); ok && len(s) <= most && plain(s) {
		return `"` + s + `"`
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return "(unprintable value)"
	}
	s := strings.TrimSuffix(b.String(), "\n")
	if len(s) > most {
		cut := most
		for cut > 0 && !utf8Start(s[cut]) {
			cut--
		}
		s = s[:cut] + "..."
	}
	return s
}

func utf8Start(c byte) bool { return c&0xC0 != 0x80 }

// plain reports whether s is printable ASCII that JSON writes unescaped.
func plain(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

// formatNumber shows a schema bound.
func formatNumber(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// isMultiple reports whether f is a whole multiple of m (m > 0), allowing
// for the rounding of decimal fractions such as 0.3 / 0.1.
func isMultiple(f, m float64) bool {
	q := f / m
	if math.IsInf(q, 0) || math.IsNaN(q) {
		return false
	}
	if q == math.Trunc(q) {
		return true
	}
	return math.Abs(q-math.Round(q)) <= 1e-12*math.Max(1, math.Abs(q))
}
