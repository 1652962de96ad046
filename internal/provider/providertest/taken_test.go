package providertest

import (
	"fmt"
	"net"
	"strings"
	"testing"
	"time"

	"corvid/internal/provider"
)

// A client that leaves while its body is still being read is recorded
// but takes no turn; a whole request takes one.
func TestTakenCountsOnlyRequestsThatTookATurn(t *testing.T) {
	s := New(Scenario{Turns: []Turn{{Blocks: []Block{Text("hi")}}}})
	defer s.Close()
	conn, err := net.Dial("tcp", strings.TrimPrefix(s.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(conn, "POST /v1/messages HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"model\":")
	deadline := time.Now().Add(10 * time.Second)
	for len(s.Requests()) == 0 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond) // polling a condition, bounded
	}
	_ = conn.Close()
	if len(s.Requests()) != 1 || s.Taken() != 0 {
		t.Fatalf("after a cut body: %d recorded, %d taken; want 1, 0", len(s.Requests()), s.Taken())
	}
	if _, err := stream(t, s, body(user(provider.TextBlock("hello")))); err != nil {
		t.Fatal(err)
	}
	if s.Taken() != 1 || s.Remaining() != 0 {
		t.Fatalf("after a whole request: %d taken, %d remaining; want 1, 0", s.Taken(), s.Remaining())
	}
}
