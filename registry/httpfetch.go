package registry

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/skillstudio/skillstudio/internal/sniff"
	"github.com/skillstudio/skillstudio/sanitize"
)

// expect is what a response must hold; a mismatch is a clear error rather
// than a confusing parse failure further on.
type expect int

const (
	expectAny     expect = iota
	expectJSON           // an index, a listing, a manifest
	expectText           // SKILL.md, .xgs.js, module.ts, docs.md
	expectArchive        // .tar.gz or .zip
)

// ErrNotFound marks a 404 or 410; callers treat it as "absent" for
// optional files.
var ErrNotFound = errors.New("not found")

// ErrOffline marks a request that --offline could not answer from cache.
var ErrOffline = errors.New("not in the cache")

// FetchError is a failed request, with a message a person can act on.
// Every part that came from the network is sanitised.
type FetchError struct {
	URL    string
	Status int // HTTP status, 0 when no response arrived
	Msg    string
	Hint   string
	kind   error // ErrNotFound, ErrOffline or nil
}

func (e *FetchError) Error() string {
	msg := sanitize.Line(e.URL) + ": " + e.Msg
	if e.Hint != "" {
		msg += " (" + e.Hint + ")"
	}
	return msg
}

func (e *FetchError) Unwrap() error { return e.kind }

// response is a body with where it came from.
type response struct {
	Body []byte
	// FromCache is true when no body came over the network (fresh entry,
	// 304 Not Modified, offline, or a stale fallback).
	FromCache bool
	// Stale is true when the cached copy could not be confirmed current.
	Stale   bool
	Fetched time.Time
}

// fetcher does every request of one source: policy (schemes, limits,
// redirects), the per-host bound, the cache, and error wording.
type fetcher struct {
	opts   RemoteOptions
	client *http.Client
	cache  *httpCache
	source *Budget // this source's bytes (see charge)

	// Counters for the status line: requests sent, bodies downloaded,
	// 304s, answers from the cache without a request, stale answers.
	requests, downloaded, revalidated, cacheHits, stale atomic.Int64
}

func newFetcher(opts RemoteOptions) *fetcher {
	f := &fetcher{opts: opts, source: NewBudget(opts.MaxSourceBytes)}
	if !opts.NoCache {
		f.cache = newHTTPCache(opts.CacheDir)
	}
	dialer := &net.Dialer{Timeout: opts.ConnectTimeout, KeepAlive: 30 * time.Second}
	guard := newDialGuard(opts)
	transport := &http.Transport{
		Proxy:                 guard.proxy,
		DialContext:           guard.dialContext(dialer),
		TLSHandshakeTimeout:   opts.ConnectTimeout,
		ResponseHeaderTimeout: opts.Timeout,
		MaxIdleConnsPerHost:   opts.PerHost,
		MaxConnsPerHost:       opts.PerHost,
		IdleConnTimeout:       30 * time.Second,
		ForceAttemptHTTP2:     true,
		// Go's default is 10 MiB a response, held per connection while
		// it is read: a hostile server could make each parallel fetch
		// hold that before a byte of body is counted.
		MaxResponseHeaderBytes: maxHeaderBytes,
	}
	f.client = &http.Client{
		Transport: transport,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) > opts.MaxRedirects {
				return fmt.Errorf("stopped after %d redirects (a redirect loop?)", opts.MaxRedirects)
			}
			if err := f.allowed(req.URL); err != nil {
				return fmt.Errorf("redirected to %s: %w", sanitize.Line(req.URL.String()), err)
			}
			// Same origin on every hop: a source's files come from the
			// origin that was asked, never from where a redirect points
			// (another port on this machine, an internal address).
			if from := via[0].URL; !sameOriginURL(from, req.URL) {
				return fmt.Errorf("redirected to %s, which is not %s: a redirect may not leave the origin that was asked",
					sanitize.Line(req.URL.String()), sanitize.Line(originOf(from)))
			}
			// Send the GitHub token to the configured GitHub hosts only.
			if !f.isGitHub(req.URL) {
				req.Header.Del("Authorization")
			}
			return nil
		},
	}
	return f
}

// close drops idle connections so a finished source holds no sockets.
func (f *fetcher) close() {
	f.client.CloseIdleConnections()
	f.cache.prune(f.opts.MaxCacheBytes)
}

// allowed applies the scheme policy: https anywhere, http only to
// loopback unless InsecureHTTP.
func (f *fetcher) allowed(u *url.URL) error {
	switch u.Scheme {
	case "https":
		return nil
	case "http":
		if f.opts.InsecureHTTP || isLoopback(u.Hostname()) {
			return nil
		}
		return errors.New("plain http:// is refused because it can be read and altered in transit; use https:// or pass --insecure-http")
	}
	return fmt.Errorf("unsupported scheme %q; only https:// (and http:// to this machine) are fetched", sanitize.Line(u.Scheme))
}

func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func (f *fetcher) isGitHub(u *url.URL) bool {
	for _, base := range []string{f.opts.GitHubRaw, f.opts.GitHubAPI} {
		if b, err := url.Parse(base); err == nil && strings.EqualFold(b.Host, u.Host) {
			return true
		}
	}
	return false
}

// hostGates bound concurrent requests per host across every source in the
// process, so two sources on one host share the limit.
var hostGates sync.Map // "host|n" → chan struct{}

func (f *fetcher) gate(host string) chan struct{} {
	key := host + "|" + strconv.Itoa(f.opts.PerHost)
	g, _ := hostGates.LoadOrStore(key, make(chan struct{}, f.opts.PerHost))
	return g.(chan struct{})
}

// get fetches rawURL, answering from the cache when it can, and charges
// the body to the source's and the run's budgets.
func (f *fetcher) get(ctx context.Context, rawURL string, want expect) (*response, error) {
	resp, err := f.fetch(ctx, rawURL, want)
	if err != nil {
		return nil, err
	}
	if err := f.charge(rawURL, int64(len(resp.Body))); err != nil {
		return nil, err
	}
	return resp, nil
}

// fetch is get without the budget.
func (f *fetcher) fetch(ctx context.Context, rawURL string, want expect) (*response, error) {
	u, err := url.Parse(rawURL)
	if err != nil || u.Host == "" {
		return nil, &FetchError{URL: rawURL, Msg: "not a valid URL"}
	}
	if err := f.allowed(u); err != nil {
		return nil, &FetchError{URL: rawURL, Msg: err.Error()}
	}
	meta, cached, hit := f.cache.get(rawURL)
	now := time.Now()
	if f.opts.Offline {
		if !hit {
			return nil, &FetchError{URL: rawURL, Msg: "not in the cache and --offline is set", Hint: "open it once without --offline", kind: ErrOffline}
		}
		f.cacheHits.Add(1)
		stale := !meta.fresh(now)
		if stale {
			f.stale.Add(1)
		}
		return f.fromCache(rawURL, meta, cached, stale)
	}
	if hit && meta.fresh(now) {
		f.cacheHits.Add(1)
		return f.fromCache(rawURL, meta, cached, false)
	}

	g := f.gate(u.Host)
	select {
	case g <- struct{}{}:
	case <-ctx.Done():
		return nil, &FetchError{URL: rawURL, Msg: "cancelled", kind: ctx.Err()}
	}
	// The gate covers the network only: cache writes happen after it is
	// released, so disk work never holds up the next request.
	release := sync.OnceFunc(func() { <-g })
	defer release()
	f.requests.Add(1)

	rctx, cancel := context.WithTimeout(ctx, f.opts.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(rctx, http.MethodGet, rawURL, nil)
	if err != nil {
		return nil, &FetchError{URL: rawURL, Msg: "not a valid URL"}
	}
	req.Header.Set("User-Agent", f.opts.UserAgent)
	switch want {
	case expectJSON:
		req.Header.Set("Accept", "application/json, */*;q=0.5")
	case expectText:
		req.Header.Set("Accept", "text/plain, text/markdown, */*;q=0.5")
	}
	if f.opts.GitHubToken != "" && f.isGitHub(u) {
		req.Header.Set("Authorization", "Bearer "+f.opts.GitHubToken)
	}
	if hit && meta.Status == http.StatusOK {
		if meta.ETag != "" {
			req.Header.Set("If-None-Match", meta.ETag)
		}
		if meta.LastModified != "" {
			req.Header.Set("If-Modified-Since", meta.LastModified)
		}
	}
	resp, err := f.client.Do(req)
	if err != nil {
		fe := f.transportError(ctx, rctx, rawURL, err)
		if hit && meta.Status == http.StatusOK && ctx.Err() == nil {
			return f.staleFallback(rawURL, meta, cached)
		}
		return nil, fe
	}
	defer resp.Body.Close()

	if resp.StatusCode == http.StatusNotModified && hit {
		io.Copy(io.Discard, io.LimitReader(resp.Body, 4096))
		release()
		f.revalidated.Add(1)
		// Rewriting the entry only matters when it may be used fresh
		// later; with no max-age it is revalidated every time anyway.
		if age := maxAgeOf(resp.Header.Get("Cache-Control")); age > 0 || meta.MaxAge > 0 {
			meta.Fetched, meta.MaxAge = now, age
			f.cache.put(meta, cached)
		}
		return f.fromCache(rawURL, meta, cached, false)
	}
	if resp.StatusCode == http.StatusNotFound || resp.StatusCode == http.StatusGone {
		io.Copy(io.Discard, io.LimitReader(resp.Body, 4096))
		release()
		f.cache.put(&cacheMeta{URL: rawURL, Status: http.StatusNotFound, Fetched: now, MaxAge: maxAgeOf(resp.Header.Get("Cache-Control"))}, nil)
		return nil, &FetchError{URL: rawURL, Status: resp.StatusCode, Msg: statusText(resp.StatusCode), kind: ErrNotFound}
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		io.Copy(io.Discard, io.LimitReader(resp.Body, 4096))
		fe := f.statusError(rawURL, resp)
		if hit && meta.Status == http.StatusOK && resp.StatusCode >= 500 {
			return f.staleFallback(rawURL, meta, cached)
		}
		return nil, fe
	}
	if resp.StatusCode != http.StatusOK {
		// A 206 body is part of the file and a 204 has none: taken as the
		// whole, a cut index lost skills and a cut file was linted,
		// reviewed and pulled as written. Nothing here asks for a range,
		// so no other 2xx is the file as served (a 203 is a proxy's copy).
		io.Copy(io.Discard, io.LimitReader(resp.Body, 4096))
		hint := "the answer is not the file as the server keeps it; try again later, or tell the source's owner"
		switch resp.StatusCode {
		case http.StatusPartialContent:
			hint = "the server sent part of the file (no range was asked); try again later, or tell the source's owner"
		case http.StatusNoContent:
			hint = "the server sent no file; try again later, or tell the source's owner"
		}
		return nil, &FetchError{URL: rawURL, Status: resp.StatusCode,
			Msg: statusText(resp.StatusCode) + ": only a 200 OK answer is read as the file", Hint: hint}
	}
	limit := f.opts.MaxFileSize
	if want == expectArchive {
		// An archive is many files in one; the unpacked limit bounds it.
		limit = max(limit, f.opts.MaxArchiveBytes)
	}
	body, err := readCapped(resp.Body, limit)
	if err != nil {
		if errors.Is(err, errTooLarge) {
			return nil, &FetchError{URL: rawURL, Status: resp.StatusCode, Msg: fmt.Sprintf("larger than the %s limit for one file", humanBytes(limit)), Hint: "a skill file this big is not a skill; raise the limit only for a source you trust"}
		}
		return nil, f.transportError(ctx, rctx, rawURL, err)
	}
	if msg := checkContent(want, resp.Header.Get("Content-Type"), body); msg != "" {
		return nil, &FetchError{URL: rawURL, Status: resp.StatusCode, Msg: msg}
	}
	release()
	m := &cacheMeta{
		URL: rawURL, Status: http.StatusOK, Fetched: now,
		ETag: resp.Header.Get("ETag"), LastModified: resp.Header.Get("Last-Modified"),
		ContentType: resp.Header.Get("Content-Type"), MaxAge: maxAgeOf(resp.Header.Get("Cache-Control")),
	}
	f.cache.put(m, body)
	f.downloaded.Add(1)
	return &response{Body: body, Fetched: now}, nil
}

func (f *fetcher) fromCache(rawURL string, meta *cacheMeta, body []byte, stale bool) (*response, error) {
	if meta.Status == http.StatusNotFound {
		return nil, &FetchError{URL: rawURL, Status: http.StatusNotFound, Msg: statusText(http.StatusNotFound) + " (cached)", kind: ErrNotFound}
	}
	return &response{Body: body, FromCache: true, Stale: stale, Fetched: meta.Fetched}, nil
}

// staleFallback serves an old copy when the server cannot be reached:
// better a marked, possibly out-of-date skill than none.
func (f *fetcher) staleFallback(rawURL string, meta *cacheMeta, body []byte) (*response, error) {
	f.stale.Add(1)
	return &response{Body: body, FromCache: true, Stale: true, Fetched: meta.Fetched}, nil
}

// maxHeaderBytes caps a response's headers; GitHub's are a few KiB.
const maxHeaderBytes = 256 << 10

func (f *fetcher) transportError(parent, rctx context.Context, rawURL string, err error) *FetchError {
	switch {
	case parent.Err() != nil:
		return &FetchError{URL: rawURL, Msg: "cancelled", kind: parent.Err()}
	case rctx.Err() != nil || isTimeout(err):
		return &FetchError{URL: rawURL, Msg: "timed out after " + f.opts.Timeout.String(), Hint: "the server is slow or not answering; try again later"}
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	if pe, ok := privateAddrIn(err); ok {
		host := rawURL
		if u, perr := url.Parse(rawURL); perr == nil {
			host = u.Hostname()
		}
		return &FetchError{URL: rawURL, Msg: "not fetched: " + sanitize.Line(host) + " " + pe.Error(),
			Hint: "a name that leads to this machine's or the network's own services is refused; pass --allow-private-hosts if you trust the source"}
	}
	var dns *net.DNSError
	if errors.As(err, &dns) {
		return &FetchError{URL: rawURL, Msg: "cannot resolve host " + sanitize.Line(dns.Name), Hint: "check the name and your connection, or use --offline for cached sources"}
	}
	var op *net.OpError
	if errors.As(err, &op) && op.Op == "dial" {
		return &FetchError{URL: rawURL, Msg: "cannot connect: " + sanitize.Line(op.Err.Error()), Hint: "check the address and your connection, or use --offline for cached sources"}
	}
	if strings.Contains(err.Error(), "response headers exceeded") { // net/http exports no error value
		return &FetchError{URL: rawURL, Msg: "the server's response headers are over 256 KiB", Hint: "no registry sends that much; the server is misconfigured or hostile"}
	}
	return &FetchError{URL: rawURL, Msg: sanitize.Line(err.Error())}
}

func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

func (f *fetcher) statusError(rawURL string, resp *http.Response) *FetchError {
	fe := &FetchError{URL: rawURL, Status: resp.StatusCode, Msg: statusText(resp.StatusCode)}
	limited := resp.Header.Get("X-RateLimit-Remaining") == "0"
	switch {
	case (resp.StatusCode == http.StatusForbidden || resp.StatusCode == http.StatusTooManyRequests) && limited:
		fe.Msg = "GitHub API rate limit reached"
		if reset, err := strconv.ParseInt(resp.Header.Get("X-RateLimit-Reset"), 10, 64); err == nil && reset > 0 {
			fe.Msg += " until " + time.Unix(reset, 0).Format("15:04")
		}
		if f.opts.GitHubToken == "" {
			fe.Hint = "set GITHUB_TOKEN to a GitHub personal access token to raise the limit"
		} else {
			fe.Hint = "the token in GITHUB_TOKEN is rate limited too; wait for the reset"
		}
	case resp.StatusCode == http.StatusTooManyRequests:
		fe.Hint = "the server asks to slow down; try again later"
	case resp.StatusCode == http.StatusUnauthorized && f.isGitHub(resp.Request.URL):
		fe.Hint = "GitHub rejected the token in GITHUB_TOKEN; check or unset it"
	case resp.StatusCode == http.StatusForbidden && f.isGitHub(resp.Request.URL) && f.opts.GitHubToken == "":
		fe.Hint = "for a private repository, set GITHUB_TOKEN"
	case resp.StatusCode >= 500:
		fe.Hint = "the server failed; try again later"
	}
	return fe
}

func statusText(code int) string {
	if t := http.StatusText(code); t != "" {
		return fmt.Sprintf("%d %s", code, t)
	}
	return fmt.Sprintf("HTTP status %d", code)
}

var errTooLarge = errors.New("too large")

// readCapped reads at most limit bytes and fails on more, so an endless
// body costs limit bytes, not all memory.
func readCapped(r io.Reader, limit int64) ([]byte, error) {
	body, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(body)) > limit {
		return nil, errTooLarge
	}
	return body, nil
}

// checkContent says what is wrong when a body is not what was asked for;
// "" when it looks right. Servers often answer a missing page with a 200
// HTML page, so the body is sniffed, not only the Content-Type.
func checkContent(want expect, contentType string, body []byte) string {
	ct := strings.ToLower(contentType)
	head := bytes.TrimLeft(body[:min(len(body), 512)], " \t\r\n\ufeff")
	looksHTML := bytes.HasPrefix(bytes.ToLower(head), []byte("<!doctype html")) || bytes.HasPrefix(bytes.ToLower(head), []byte("<html"))
	switch want {
	case expectJSON:
		if strings.Contains(ct, "html") || looksHTML || (len(head) > 0 && head[0] == '<') {
			return "got an HTML page where JSON was expected (an error or login page?)"
		}
	case expectText:
		if looksHTML {
			return "got an HTML page where a skill file was expected (an error or login page?)"
		}
		if sniff.NULInHead(body) >= 0 {
			return "got binary content where a text file was expected"
		}
	case expectArchive:
		if !isGzip(body) && !isZip(body) {
			if looksHTML {
				return "got an HTML page where an archive was expected"
			}
			return notAnArchive(body)
		}
	}
	return ""
}

func isGzip(b []byte) bool { return len(b) >= 2 && b[0] == 0x1f && b[1] == 0x8b }
func isZip(b []byte) bool  { return len(b) >= 4 && string(b[:4]) == "PK\x03\x04" }

func humanBytes(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1_000_000:
		return fmt.Sprintf("%.0f MB", float64(n)/1e6)
	case n >= 1<<10:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// sameOriginURL: the same scheme, host and port (default ports filled
// in, so https://h and https://h:443 agree).
func sameOriginURL(a, b *url.URL) bool {
	return strings.EqualFold(a.Scheme, b.Scheme) && strings.EqualFold(a.Hostname(), b.Hostname()) && portOf(a) == portOf(b)
}

func portOf(u *url.URL) string {
	if p := u.Port(); p != "" {
		return p
	}
	if strings.EqualFold(u.Scheme, "http") {
		return "80"
	}
	return "443"
}

func originOf(u *url.URL) string { return u.Scheme + "://" + u.Host }
