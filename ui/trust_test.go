package ui

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// sha256Digest is a discovery index's digest of text.
func sha256Digest(text string) string {
	h := sha256.Sum256([]byte(text))
	return "sha256:" + hex.EncodeToString(h[:])
}

// discoveryMux serves a discovery index (0.2.0) and its skills' SKILL.md
// files, by name, under /.well-known/agent-skills/.
func discoveryMux(index any, files map[string]string) *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("/.well-known/agent-skills/index.json", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(index)
	})
	mux.HandleFunc("/.well-known/agent-skills/", func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimSuffix(strings.TrimPrefix(r.URL.Path, "/.well-known/agent-skills/"), "/SKILL.md")
		body, ok := files[name]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/markdown")
		w.Write([]byte(body))
	})
	return mux
}

// digestHost serves a discovery index (0.2.0, with digests): good's
// digest matches its file, tampered's does not, plain has none.
func digestHost(t *testing.T) *httptest.Server {
	t.Helper()
	sha := sha256Digest
	files := map[string]string{"good": remoteSkillMD("good"), "tampered": remoteSkillMD("tampered"), "plain": remoteSkillMD("plain")}
	index := map[string]any{
		"$schema": "https://schemas.agentskills.io/discovery/0.2.0/schema.json",
		"skills": []map[string]any{
			{"name": "good", "type": "skill-md", "description": "Good.", "url": "good/SKILL.md", "digest": sha(files["good"])},
			{"name": "tampered", "type": "skill-md", "description": "Changed.", "url": "tampered/SKILL.md", "digest": sha("something else")},
			{"name": "plain", "type": "skill-md", "description": "No digest.", "url": "plain/SKILL.md"},
		},
	}
	srv := httptest.NewServer(discoveryMux(index, files))
	t.Cleanup(srv.Close)
	return srv
}

func TestTrustMarksAndWithheldSkillsStayListed(t *testing.T) {
	m, _ := localAndRemote(t, digestHost(t), Options{})
	for name, want := range map[string]trust{"good": trustVerified, "tampered": trustWithheld, "plain": trustUnverified, "hello-world": trustLocal} {
		e := entryNamed(m, name)
		if e == nil {
			t.Errorf("%s is not listed", name)
			continue
		}
		if got := e.trust(); got != want {
			t.Errorf("%s: trust %s, want %s", name, got, want)
		}
	}
	v := ansi.Strip(content(m))
	for _, want := range []string{"verified · Does good", "unverified · Does plain", "withheld · Changed"} {
		if !strings.Contains(v, want) {
			t.Errorf("the list does not show %q:\n%s", want, v)
		}
	}
	selectSkill(t, m, "tampered")
	if v := ansi.Strip(content(m)); !strings.Contains(v, "does not match the digest") || !strings.Contains(v, "remote/digest-mismatch") {
		t.Errorf("the pane does not say why tampered is withheld:\n%s", v)
	}
	press(t, m, "/")
	typeText(t, m, "trust:withheld")
	press(t, m, "enter")
	if len(m.lib.lines) == 0 {
		t.Fatal("trust:withheld shows nothing")
	}
	for _, l := range m.lib.lines {
		if l.e != nil && l.e.Skill.Name != "tampered" {
			t.Errorf("trust:withheld shows %s", l.e.Skill.Name)
		}
	}
}
