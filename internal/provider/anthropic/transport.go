package anthropic

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"strings"
	"syscall"

	"corvid/internal/provider"
)

// connectionError is a transport failure: a refused or dropped connection,
// or a body that stopped before the stream ended. Failures with a known
// cause get it, and a short message naming the host or address.
func connectionError(err error) *provider.APIError {
	e := &provider.APIError{Type: provider.ErrTypeConnection, Err: err}
	classify(e, err)
	return e
}

// classify names the cause of a transport failure: the advice and the
// retry budget depend on it.
func classify(e *provider.APIError, err error) {
	var dns *net.DNSError
	switch {
	case errors.As(err, &dns) && dns.IsNotFound:
		e.Cause, e.Message = provider.CauseHostNotFound, fmt.Sprintf("the host %s was not found (DNS)", dns.Name)
	case errors.As(err, &dns):
		e.Cause, e.Message = provider.CauseDNS, fmt.Sprintf("looking up %s failed: %s", dns.Name, dns.Err)
	case isTLSFailure(err):
		e.Cause, e.Message = provider.CauseTLS, "TLS handshake failed: "+innermost(err)
	case errors.Is(err, syscall.ECONNREFUSED):
		addr := remoteAddr(err)
		e.Cause, e.Local, e.Message = provider.CauseRefused, isLocal(addr), "connection refused by "+addr
	case errors.Is(err, syscall.ENETUNREACH), errors.Is(err, syscall.EHOSTUNREACH):
		e.Cause, e.Message = provider.CauseUnreachable, "no route to "+remoteAddr(err)
	case isDialTimeout(err):
		// Nothing answered the connection attempt: a firewall that drops
		// packets, or a host that is down.
		e.Cause, e.Message = provider.CauseUnreachable, "connecting to "+remoteAddr(err)+" timed out"
	}
}

// isDialTimeout reports a connection attempt that got no answer in time.
func isDialTimeout(err error) bool {
	var op *net.OpError
	return errors.As(err, &op) && op.Op == "dial" && op.Timeout()
}

// isTLSFailure reports a failed handshake: a certificate that does not
// verify, an alert from the server, or a server that does not speak TLS.
func isTLSFailure(err error) bool {
	var (
		verify    *tls.CertificateVerificationError
		record    tls.RecordHeaderError
		alert     tls.AlertError
		authority x509.UnknownAuthorityError
		hostname  x509.HostnameError
		invalid   x509.CertificateInvalidError
	)
	switch {
	case errors.As(err, &verify), errors.As(err, &record), errors.As(err, &alert),
		errors.As(err, &authority), errors.As(err, &hostname), errors.As(err, &invalid):
		return true
	}
	// net/http's error for a plain-HTTP answer to a TLS hello is not
	// exported.
	return strings.Contains(err.Error(), "server gave HTTP response to HTTPS client")
}

// remoteAddr is the address a failed dial went to, or "the API" when the
// error does not say.
func remoteAddr(err error) string {
	var op *net.OpError
	if errors.As(err, &op) && op.Addr != nil {
		return op.Addr.String()
	}
	return "the API"
}

// isLocal reports whether addr (host:port) is on this machine.
func isLocal(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	ip := net.ParseIP(host)
	return ip != nil && (ip.IsLoopback() || ip.IsUnspecified())
}

// innermost is the text of the deepest error in err's chain, without the
// "Post URL:" and "dial tcp" prefixes of the layers above.
func innermost(err error) string {
	for {
		next := errors.Unwrap(err)
		if next == nil {
			return err.Error()
		}
		err = next
	}
}
