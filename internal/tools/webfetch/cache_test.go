package webfetch

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
)

func testPage(content string) *page { return &page{url: "u", content: content} }

func TestCacheExpiry(t *testing.T) {
	clock := newClock()
	c := newCache(15*time.Minute, 10, 1<<20, clock.Now)
	c.put("a", testPage("A"))
	steps := []struct {
		advance time.Duration
		want    bool
	}{{0, true}, {15*time.Minute - time.Second, true}, {time.Second, false}, {0, false}}
	for i, st := range steps {
		clock.Advance(st.advance)
		if _, ok := c.get("a"); ok != st.want {
			t.Errorf("step %d: hit = %v, want %v", i, ok, st.want)
		}
	}
	if c.count() != 0 || c.bytes != 0 {
		t.Errorf("expired entry kept: %d entries, %d bytes", c.count(), c.bytes)
	}
}

func TestCacheBounds(t *testing.T) {
	tests := []struct {
		name       string
		maxEntries int
		maxBytes   int64
		puts       []string // keys, each with a 100-byte page
		touch      string   // read between the puts, so it stays
		wantKeys   []string
		wantGone   []string
	}{
		{"entries", 3, 1 << 20, []string{"a", "b", "c", "d"}, "", []string{"b", "c", "d"}, []string{"a"}},
		{"lru_touch", 3, 1 << 20, []string{"a", "b", "c", "d"}, "a", []string{"a", "c", "d"}, []string{"b"}},
		{"bytes", 100, 2 * testPage(strings.Repeat("x", 100)).size(), []string{"a", "b", "c"}, "", []string{"b", "c"}, []string{"a"}},
		{"too_big", 100, 10, []string{"a"}, "", nil, []string{"a"}},
		{"replace", 3, 1 << 20, []string{"a", "a", "a"}, "", []string{"a"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCache(time.Hour, tt.maxEntries, tt.maxBytes, newClock().Now)
			for i, k := range tt.puts {
				c.put(k, testPage(strings.Repeat("x", 100)))
				if i == len(tt.puts)-2 && tt.touch != "" {
					c.get(tt.touch)
				}
			}
			for _, k := range tt.wantKeys {
				if _, ok := c.get(k); !ok {
					t.Errorf("%s evicted", k)
				}
			}
			for _, k := range tt.wantGone {
				if _, ok := c.get(k); ok {
					t.Errorf("%s kept", k)
				}
			}
			if c.count() != len(tt.wantKeys) || c.bytes != int64(len(tt.wantKeys))*testPage(strings.Repeat("x", 100)).size() {
				t.Errorf("count %d, bytes %d", c.count(), c.bytes)
			}
		})
	}
}

func TestCacheConcurrentUse(t *testing.T) {
	c := newCache(time.Hour, 20, 1<<20, time.Now)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 200 {
				k := fmt.Sprint((g + i) % 40)
				c.put(k, testPage(k))
				c.get(k)
			}
		})
	}
	wg.Wait()
	if n := c.count(); n > 20 {
		t.Errorf("%d entries, want at most 20", n)
	}
}

func BenchmarkCacheGet(b *testing.B) {
	c := newCache(time.Hour, 50, 50<<20, time.Now)
	for i := range 50 {
		c.put(fmt.Sprint(i), testPage("content"))
	}
	for i := 0; b.Loop(); i++ {
		c.get(fmt.Sprint(i % 50))
	}
}
