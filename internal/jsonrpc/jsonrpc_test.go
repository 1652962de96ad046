package jsonrpc

import (
	"errors"
	"io"
	"strings"
	"testing"
)

func TestLineReader(t *testing.T) {
	long := strings.Repeat("x", 100)
	r := NewLineReader(strings.NewReader("\n  \n{\"a\":1}\n\n"+long+"\n"), 50)
	b, err := r.Read()
	if err != nil || strings.TrimSpace(string(b)) != `{"a":1}` {
		t.Fatalf("first: %q %v", b, err)
	}
	if _, err := r.Read(); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("over the limit: %v", err)
	}
	r = NewLineReader(strings.NewReader(`{"last":true}`), 50)
	if b, err := r.Read(); err != nil || string(b) != `{"last":true}` {
		t.Errorf("unterminated last line: %q %v", b, err)
	}
	if _, err := r.Read(); err != io.EOF {
		t.Errorf("after the end: %v", err)
	}
}

func TestDecode(t *testing.T) {
	for in, code := range map[string]int{`{`: CodeParseError, `[1]`: CodeParseError,
		`{"jsonrpc":"1.0","id":1,"method":"x"}`: CodeInvalidRequest, `{"id":1,"method":"x"}`: CodeInvalidRequest} {
		_, err := Decode([]byte(in))
		var e *Error
		if !errors.As(err, &e) || e.Code != code {
			t.Errorf("%s: %v, want code %d", in, err, code)
		}
	}
	m, err := Decode([]byte(`{"jsonrpc":"2.0","id":"x","method":"ping"}`))
	if err != nil || !m.IsRequest() || m.IsNotification() {
		t.Errorf("request: %+v %v", m, err)
	}
	m, _ = Decode([]byte(`{"jsonrpc":"2.0","method":"notifications/initialized"}`))
	if !m.IsNotification() || m.IsRequest() {
		t.Errorf("notification: %+v", m)
	}
}

func TestEncode(t *testing.T) {
	for got, want := range map[string]string{
		must(Response(nil, nil, &Error{Code: CodeParseError, Message: "p"})): `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"p"}}`,
		must(Response([]byte(`7`), nil, nil)):                                `{"jsonrpc":"2.0","id":7,"result":{}}`,
		must(Request(3, "tools/list", nil)):                                  `{"jsonrpc":"2.0","id":3,"method":"tools/list"}`,
		must(Request(0, "ping", nil)):                                        `{"jsonrpc":"2.0","id":0,"method":"ping"}`,
		must(Request(nil, "notifications/initialized", nil)):                 `{"jsonrpc":"2.0","method":"notifications/initialized"}`,
	} {
		if got != want {
			t.Errorf("got %s, want %s", got, want)
		}
	}
}

func must(b []byte, err error) string {
	if err != nil {
		panic(err)
	}
	return string(b)
}
