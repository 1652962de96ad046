package anthropic

import (
	"context"
	"errors"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"corvid/internal/provider"
)

// streamErr sends one request to baseURL and returns its failure. The
// idle limit keeps a slow resolver or a silent peer from hanging the test.
func streamErr(t *testing.T, baseURL string) *provider.APIError {
	t.Helper()
	c := newTestClient(t, baseURL, func(cfg *Config) { cfg.IdleTimeout = 10 * time.Second })
	_, err := collect(c.Stream(t.Context(), simpleRequest()))
	return apiError(t, err)
}

func TestRefusedLoopbackFailsFast(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close() // nothing listens there any more
	e := streamErr(t, "http://"+addr)
	if e.Type != provider.ErrTypeConnection || e.Cause != provider.CauseRefused || !e.Local ||
		!errors.Is(e, syscall.ECONNREFUSED) {
		t.Fatalf("got %+v, want a local connection refusal", e)
	}
	if e.Retryable() || !strings.Contains(e.Error(), addr) || !strings.Contains(e.Advice(), "ANTHROPIC_BASE_URL") {
		t.Errorf("retryable %v, text %q, advice %q", e.Retryable(), e.Error(), e.Advice())
	}
}

func TestUnknownHostFailsFast(t *testing.T) {
	e := streamErr(t, "http://nonexistent.invalid")
	if e.Cause == provider.CauseTimeout {
		t.Skip("the resolver did not answer in time: ", e)
	}
	var dns *net.DNSError
	if !errors.As(e, &dns) {
		t.Fatalf("got %+v, want a DNS failure", e)
	}
	want := provider.CauseDNS // a resolver that is down gets a short budget
	if dns.IsNotFound {
		want = provider.CauseHostNotFound
	}
	if e.Cause != want || e.RetryLimit(10) > 2 || !strings.Contains(e.Error(), "nonexistent.invalid") ||
		!strings.Contains(e.Advice(), "ANTHROPIC_BASE_URL") && want == provider.CauseHostNotFound {
		t.Errorf("got %+v (limit %d), advice %q", e, e.RetryLimit(10), e.Advice())
	}
	if dns.IsNotFound && e.Retryable() {
		t.Error("a host that does not exist is retried")
	}
}

func TestUntrustedCertificateFailsFast(t *testing.T) {
	srv := httptest.NewUnstartedServer(http.NotFoundHandler())
	srv.Config.ErrorLog = log.New(io.Discard, "", 0) // the refused handshake is expected
	srv.StartTLS()                                   // with a certificate nobody trusts
	defer srv.Close()
	e := streamErr(t, srv.URL)
	if e.Cause != provider.CauseTLS || e.Retryable() || !strings.Contains(e.Error(), "x509") ||
		!strings.Contains(e.Advice(), "certificate") {
		t.Errorf("got %+v, advice %q", e, e.Advice())
	}
}

func TestHTTPSToPlainServerIsATLSFailure(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	defer srv.Close()
	e := streamErr(t, strings.Replace(srv.URL, "http://", "https://", 1))
	if e.Cause != provider.CauseTLS || e.Retryable() || !strings.Contains(e.Advice(), "scheme") {
		t.Errorf("got %+v, advice %q", e, e.Advice())
	}
}

// Failures that a test cannot provoke on its own machine, as the dialer
// reports them.
func TestClassifyDialErrors(t *testing.T) {
	dial := func(ip string, errno syscall.Errno) error {
		return &net.OpError{Op: "dial", Net: "tcp", Addr: &net.TCPAddr{IP: net.ParseIP(ip), Port: 443},
			Err: os.NewSyscallError("connect", errno)}
	}
	tests := []struct {
		name  string
		err   error
		cause string
		local bool
		limit int
	}{
		{"refused remote", dial("203.0.113.5", syscall.ECONNREFUSED), provider.CauseRefused, false, 2},
		{"refused on ::1", dial("::1", syscall.ECONNREFUSED), provider.CauseRefused, true, 0},
		{"refused on 0.0.0.0", dial("0.0.0.0", syscall.ECONNREFUSED), provider.CauseRefused, true, 0},
		{"network unreachable", dial("203.0.113.5", syscall.ENETUNREACH), provider.CauseUnreachable, false, 2},
		{"host unreachable", dial("203.0.113.5", syscall.EHOSTUNREACH), provider.CauseUnreachable, false, 2},
		{"resolver timeout", &net.DNSError{Err: "i/o timeout", Name: "api.example", IsTimeout: true},
			provider.CauseDNS, false, 2},
		{"connect timed out", &net.OpError{Op: "dial", Net: "tcp", Addr: &net.TCPAddr{IP: net.ParseIP("203.0.113.5"), Port: 443},
			Err: os.ErrDeadlineExceeded}, provider.CauseUnreachable, false, 2},
		{"read timed out", &net.OpError{Op: "read", Net: "tcp", Err: os.ErrDeadlineExceeded}, "", false, 10},
		{"reset", dial("203.0.113.5", syscall.ECONNRESET), "", false, 10},
		{"cut stream", context.DeadlineExceeded, "", false, 10},
	}
	for _, tt := range tests {
		e := connectionError(tt.err)
		if e.Cause != tt.cause || e.Local != tt.local || e.RetryLimit(10) != tt.limit || !errors.Is(e, tt.err) {
			t.Errorf("%s: cause %q local %v limit %d, want %q %v %d", tt.name, e.Cause, e.Local,
				e.RetryLimit(10), tt.cause, tt.local, tt.limit)
		}
	}
}
