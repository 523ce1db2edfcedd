package lsp

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"go.lsp.dev/protocol"
)

// TestWorkspacePullsWaitOneAtATime: of many workspace pulls that all hold
// the reports the client has (no news), a newer one answers the one
// before with no items, so one waits however many are sent; the one
// left is answered with the news when a document changes.
func TestWorkspacePullsWaitOneAtATime(t *testing.T) {
	c := newClientWith(t, 5*time.Millisecond, pullCaps, t.TempDir())
	rel := "s/broken/SKILL.md"
	c.open(rel, brokenSkill)
	var first workspaceReport
	c.call(methodWorkspaceDiagnostic, map[string]any{"previousResultIds": []any{}}, &first)
	if len(first.Items) != 1 || first.Items[0].Kind != "full" {
		t.Fatalf("first workspace pull: %+v", first)
	}
	held := []any{map[string]any{"uri": c.uri(rel), "value": first.Items[0].ResultID}}

	const n = 200
	results := make(chan workspaceReport, n)
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			var rep workspaceReport
			if _, err := c.conn.Call(ctx, methodWorkspaceDiagnostic, map[string]any{"previousResultIds": held}, &rep); err != nil {
				t.Errorf("workspace pull: %v", err)
			}
			results <- rep
		}()
	}
	for i := range n - 1 {
		select {
		case rep := <-results:
			if len(rep.Items) != 0 {
				t.Fatalf("superseded pull %d: %+v, want no items", i, rep)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%d of %d superseded pulls answered", i, n-1)
		}
	}
	select {
	case rep := <-results:
		t.Fatalf("the last pull was answered with no news: %+v", rep)
	case <-time.After(100 * time.Millisecond):
	}
	c.change(rel, strings.Replace(brokenSkill, "description: Use when: testing the server", `description: "Use when: testing the server"`, 1))
	wg.Wait()
	rep := <-results
	if len(rep.Items) != 1 || rep.Items[0].Kind != "full" || rep.Items[0].URI != protocol.DocumentURI(c.uri(rel)) {
		t.Errorf("the waiting pull after a change: %+v", rep)
	}
}
