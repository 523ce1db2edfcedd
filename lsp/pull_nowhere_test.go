package lsp

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// pullWithin asks workspace/diagnostic holding held and says whether it
// was answered within d, with the ids it sent.
func (c *client) pullWithin(d time.Duration, held map[string]string) (ids map[string]string, answered bool) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	prev := []map[string]string{}
	for u, v := range held {
		prev = append(prev, map[string]string{"uri": u, "value": v})
	}
	var rep struct {
		Items []struct {
			URI      string `json:"uri"`
			ResultID string `json:"resultId"`
		} `json:"items"`
	}
	if _, err := c.conn.Call(ctx, methodWorkspaceDiagnostic, map[string]any{"previousResultIds": prev}, &rep); err != nil {
		return nil, false
	}
	ids = map[string]string{}
	for _, it := range rep.Items {
		ids[it.URI] = it.ResultID
	}
	return ids, true
}

// A workspace pull with nothing open waits for a lint that changes
// something (a long poll). In a workspace whose only folder is the
// whole disk (refused: never read) or was deleted, no lint can come,
// so the pull waited for ever: a script or an editor's synchronous
// request hung. It is answered at once with what is known; a folder that
// is there still long-polls.
func TestWorkspacePullWhereNothingCanChangeAnswers(t *testing.T) {
	gone := filepath.Join(t.TempDir(), "ws")
	writeFiles(t, gone, map[string]string{"a/SKILL.md": brokenSkill})
	for _, tc := range []struct {
		name   string
		root   string
		before func()
	}{
		{"whole disk", "/", nil},
		{"deleted folder", gone, func() {
			if err := os.RemoveAll(gone); err != nil {
				t.Fatal(err)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newClientWith(t, 5*time.Millisecond, pullCaps, tc.root)
			if tc.before != nil {
				if _, ok := c.pullWithin(10*time.Second, nil); !ok { // linted while it was there
					t.Fatal("the first pull, with the folder's findings, was not answered")
				}
				tc.before()
			}
			for i := range 2 {
				ids, ok := c.pullWithin(5*time.Second, nil)
				if !ok {
					t.Fatalf("pull %d was not answered in 5 s: it waits for a change that cannot come", i+1)
				}
				if len(ids) != 0 {
					t.Errorf("pull %d: %d items for a workspace with nothing open and nothing on disk", i+1, len(ids))
				}
			}
		})
	}
	t.Run("folder on disk still long-polls", func(t *testing.T) {
		root := t.TempDir()
		writeFiles(t, root, map[string]string{"a/SKILL.md": brokenSkill})
		c := newClientWith(t, 5*time.Millisecond, pullCaps, root)
		held, ok := c.pullWithin(10*time.Second, nil)
		if !ok || len(held) == 0 {
			t.Fatalf("the first pull, with the folder's findings, was not answered (%v) or empty", ok)
		}
		if _, ok := c.pullWithin(300*time.Millisecond, held); ok {
			t.Error("a pull with nothing new in a folder on disk was answered at once: the client would ask again without end")
		}
	})
}
