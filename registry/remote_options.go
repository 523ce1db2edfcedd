package registry

import (
	"os"
	"path/filepath"
	"strings"
	"time"
)

// RemoteOptions tune how remote sources are fetched. The zero value is
// usable: every unset field takes the default named on it.
type RemoteOptions struct {
	// Offline answers every request from the on-disk cache only.
	Offline bool
	// InsecureHTTP allows plain http:// to hosts other than loopback.
	InsecureHTTP bool
	// AllowPrivateHosts lets a host name that resolves to this machine or
	// a private network be fetched (see dialGuard); by default only a
	// host written as such an address (or localhost) reaches one.
	AllowPrivateHosts bool

	// GitHubRaw and GitHubAPI are the raw-content and REST API base URLs
	// (GitHub Enterprise, tests). Defaults: $SKILLSTUDIO_GITHUB_RAW, else
	// https://raw.githubusercontent.com; $SKILLSTUDIO_GITHUB_API, else
	// https://api.github.com.
	GitHubRaw string
	GitHubAPI string
	// GitHubToken is sent to those two hosts only. Default $GITHUB_TOKEN.
	GitHubToken string

	// CacheDir holds cached responses. Default $XDG_CACHE_HOME/skillstudio
	// (~/.cache/skillstudio). NoCache turns the cache off entirely.
	CacheDir string
	NoCache  bool

	// ConnectTimeout bounds the TCP and TLS handshake (default 10 s);
	// Timeout bounds one request from sending to the last body byte
	// (default 30 s).
	ConnectTimeout time.Duration
	Timeout        time.Duration
	// MaxFileSize caps one response body (default 2 MiB).
	MaxFileSize int64
	// MaxRedirects caps redirects per request (default 5).
	MaxRedirects int
	// PerHost caps concurrent requests to one host (default 8).
	PerHost int
	// MaxArchiveFiles and MaxArchiveBytes cap an unpacked archive
	// (defaults 1,000 files and 50 MB).
	MaxArchiveFiles int
	MaxArchiveBytes int64
	// MaxListings caps GitHub contents-API folder listings per source
	// (default 400), so a huge repository cannot run up the rate limit.
	MaxListings int
	// UserAgent is sent with every request (default "skillstudio").
	UserAgent string

	// MaxSourceBytes bounds what one source brings into memory: bodies
	// (fetched or cached) and unpacked archives (default 200 MiB).
	// Session, when set, bounds every source of a run together (the CLI
	// sets DefaultMaxSessionBytes). MaxCacheBytes caps the cache on disk
	// (default 500 MiB; the oldest entries go first).
	MaxSourceBytes int64
	Session        *Budget
	MaxCacheBytes  int64
	// SourceTimeout bounds opening one source, every request included
	// (default 3 minutes).
	SourceTimeout time.Duration
}

// Default limits, exported so messages and docs can name them.
const (
	DefaultMaxFileSize     = 2 << 20
	DefaultMaxArchiveBytes = 50_000_000
	DefaultMaxArchiveFiles = 1000
	DefaultPerHost         = 8
	DefaultMaxRedirects    = 5
)

// withDefaults fills every unset field.
func (o RemoteOptions) withDefaults() RemoteOptions {
	if o.GitHubRaw == "" {
		o.GitHubRaw = envOr("SKILLSTUDIO_GITHUB_RAW", "https://raw.githubusercontent.com")
	}
	if o.GitHubAPI == "" {
		o.GitHubAPI = envOr("SKILLSTUDIO_GITHUB_API", "https://api.github.com")
	}
	o.GitHubRaw = strings.TrimSuffix(o.GitHubRaw, "/")
	o.GitHubAPI = strings.TrimSuffix(o.GitHubAPI, "/")
	if o.GitHubToken == "" {
		o.GitHubToken = strings.TrimSpace(os.Getenv("GITHUB_TOKEN"))
	}
	if o.CacheDir == "" && !o.NoCache {
		o.CacheDir = DefaultCacheDir()
		o.NoCache = o.CacheDir == ""
	}
	if o.ConnectTimeout <= 0 {
		o.ConnectTimeout = 10 * time.Second
	}
	if o.Timeout <= 0 {
		o.Timeout = 30 * time.Second
	}
	if o.MaxFileSize <= 0 {
		o.MaxFileSize = DefaultMaxFileSize
	}
	if o.MaxRedirects <= 0 {
		o.MaxRedirects = DefaultMaxRedirects
	}
	if o.PerHost <= 0 {
		o.PerHost = DefaultPerHost
	}
	if o.MaxArchiveFiles <= 0 {
		o.MaxArchiveFiles = DefaultMaxArchiveFiles
	}
	if o.MaxArchiveBytes <= 0 {
		o.MaxArchiveBytes = DefaultMaxArchiveBytes
	}
	if o.MaxListings <= 0 {
		o.MaxListings = 400
	}
	if o.MaxSourceBytes <= 0 {
		o.MaxSourceBytes = DefaultMaxSourceBytes
	}
	if o.MaxCacheBytes <= 0 {
		o.MaxCacheBytes = DefaultMaxCacheBytes
	}
	if o.SourceTimeout <= 0 {
		o.SourceTimeout = 3 * time.Minute
	}
	if o.UserAgent == "" {
		o.UserAgent = "skillstudio"
	}
	return o
}

// DefaultCacheDir is $XDG_CACHE_HOME/skillstudio, else
// ~/.cache/skillstudio; "" when neither can be found.
func DefaultCacheDir() string {
	if x := os.Getenv("XDG_CACHE_HOME"); x != "" && filepath.IsAbs(x) {
		return filepath.Join(x, "skillstudio")
	}
	home, err := os.UserHomeDir()
	if err != nil || home == "" {
		return ""
	}
	return filepath.Join(home, ".cache", "skillstudio")
}

func envOr(key, def string) string {
	if v := strings.TrimSpace(os.Getenv(key)); v != "" {
		return v
	}
	return def
}
