package provider

import (
	"encoding/json"
	"reflect"
	"testing"
)

// fillUsage sets every int field of a Usage to base+i, so a forgotten field
// in Merge or Add shows up as soon as Usage grows one.
func fillUsage(t *testing.T, base int) Usage {
	t.Helper()
	var u Usage
	v := reflect.ValueOf(&u).Elem()
	for i := range v.NumField() {
		if v.Field(i).Kind() != reflect.Int {
			t.Fatalf("Usage.%s is not an int; update this test", v.Type().Field(i).Name)
		}
		v.Field(i).SetInt(int64(base + i))
	}
	return u
}

func TestUsageEveryField(t *testing.T) {
	a, b := fillUsage(t, 1), fillUsage(t, 100)
	sum, merged := a.Add(b), a.Merge(b)
	keep := a.Merge(Usage{})
	vs, vm, vk := reflect.ValueOf(sum), reflect.ValueOf(merged), reflect.ValueOf(keep)
	for i := range vs.NumField() {
		name := vs.Type().Field(i).Name
		if got, want := vs.Field(i).Int(), int64(1+i+100+i); got != want {
			t.Errorf("Add: %s = %d, want %d", name, got, want)
		}
		if got, want := vm.Field(i).Int(), int64(100+i); got != want {
			t.Errorf("Merge: %s = %d, want %d (the later report)", name, got, want)
		}
		if got, want := vk.Field(i).Int(), int64(1+i); got != want {
			t.Errorf("Merge(zero): %s = %d, want %d (kept)", name, got, want)
		}
	}
}

func TestUsageMerge(t *testing.T) {
	tests := []struct {
		name      string
		base, top Usage
		want      Usage
	}{
		{"zero onto zero", Usage{}, Usage{}, Usage{}},
		{"start then delta",
			Usage{InputTokens: 10, OutputTokens: 1, CacheCreationInputTokens: 3, CacheReadInputTokens: 5},
			Usage{OutputTokens: 42},
			Usage{InputTokens: 10, OutputTokens: 42, CacheCreationInputTokens: 3, CacheReadInputTokens: 5}},
		{"delta restates everything",
			Usage{InputTokens: 10, OutputTokens: 1},
			Usage{InputTokens: 12, OutputTokens: 42, CacheReadInputTokens: 7, WebSearchRequests: 2},
			Usage{InputTokens: 12, OutputTokens: 42, CacheReadInputTokens: 7, WebSearchRequests: 2}},
		{"zero does not erase",
			Usage{InputTokens: 10, CacheCreation1h: 4},
			Usage{},
			Usage{InputTokens: 10, CacheCreation1h: 4}},
		{"later report is not summed",
			Usage{OutputTokens: 30},
			Usage{OutputTokens: 40},
			Usage{OutputTokens: 40}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.base.Merge(tc.top); got != tc.want {
				t.Errorf("%+v.Merge(%+v) = %+v, want %+v", tc.base, tc.top, got, tc.want)
			}
		})
	}
}

func TestUsageAdd(t *testing.T) {
	tests := []struct {
		name string
		a, b Usage
		want Usage
	}{
		{"zero", Usage{}, Usage{}, Usage{}},
		{"identity", Usage{InputTokens: 3, WebFetchRequests: 1}, Usage{}, Usage{InputTokens: 3, WebFetchRequests: 1}},
		{"sums",
			Usage{InputTokens: 10, OutputTokens: 5, CacheCreationInputTokens: 2, CacheReadInputTokens: 1, CacheCreation5m: 2},
			Usage{InputTokens: 20, OutputTokens: 7, CacheReadInputTokens: 9, CacheCreation1h: 3, WebSearchRequests: 1},
			Usage{InputTokens: 30, OutputTokens: 12, CacheCreationInputTokens: 2, CacheReadInputTokens: 10,
				CacheCreation5m: 2, CacheCreation1h: 3, WebSearchRequests: 1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.a.Add(tc.b); got != tc.want {
				t.Errorf("Add = %+v, want %+v", got, tc.want)
			}
			if got := tc.b.Add(tc.a); got != tc.want {
				t.Errorf("Add is not commutative: %+v, want %+v", got, tc.want)
			}
		})
	}
}

func TestUsageJSON(t *testing.T) {
	u := fillUsage(t, 1)
	out, err := json.Marshal(u)
	if err != nil {
		t.Fatal(err)
	}
	assertJSON(t, out, `{"input_tokens":1,"output_tokens":2,"cache_creation_input_tokens":3,"cache_read_input_tokens":4}`)
}
