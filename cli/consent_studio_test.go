package cli

import (
	"strings"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/skillstudio/skillstudio/internal/sourcetrust"
	"github.com/skillstudio/skillstudio/ui"
)

// frameRecorder keeps the studio's last frame as text.
type frameRecorder struct {
	*ui.Model
	last *atomic.Value
}

// finalTimeout bounds how long a test program takes to end after its
// quit key: a guard against a hang, generous because the race detector on
// a loaded machine slows the last frames by seconds.
const finalTimeout = 20 * time.Second

func (r frameRecorder) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	_, cmd := r.Model.Update(msg)
	return r, cmd
}

func (r frameRecorder) View() tea.View {
	v := r.Model.View()
	r.last.Store(ansi.Strip(v.Content))
	return v
}

// runStudioOn starts the studio as `skillstudio --no-watch` in the
// working folder would, through a real tea.Program.
func runStudioOn(t *testing.T) (*teatest.TestModel, func(...string)) {
	t.Helper()
	a := newApp(Options{})
	root := a.newRootCmd()
	if err := root.ParseFlags([]string{"--no-watch", "--theme", "dark"}); err != nil {
		t.Fatal(err)
	}
	opts, err := a.studioOptions(root, nil)
	if err != nil {
		t.Fatal(err)
	}
	frame := &atomic.Value{}
	frame.Store("")
	tm := teatest.NewTestModel(t, frameRecorder{ui.New(opts), frame}, teatest.WithInitialTermSize(140, 40))
	wait := func(want ...string) {
		t.Helper()
		teatest.WaitFor(t, tm.Output(), func([]byte) bool {
			f := frame.Load().(string)
			for _, w := range want {
				if !strings.Contains(f, w) {
					return false
				}
			}
			return true
		}, teatest.WithDuration(20*time.Second), teatest.WithCheckInterval(20*time.Millisecond))
		if t.Failed() {
			t.Logf("last frame:\n%s", frame.Load())
		}
	}
	return tm, wait
}

// The studio opens on the checkout and asks before opening what the
// checkout's config lists, naming the host and the folder; "no" opens
// nothing, "always" opens both and is remembered for this content.
func TestStudioAsksBeforeOpeningACheckoutsSources(t *testing.T) {
	h := newHostileCheckout(t)

	tm, wait := runStudioOn(t)
	wait("asker", "Open 2 sources this checkout's config lists?", "network: http://127.0.0.1", "folder:", "/sibling", "Nothing it lists")
	if hits, reads := h.touched(); hits != 0 || reads != 0 {
		t.Errorf("while asking: %d requests, %d reads beside the checkout", hits, reads)
	}
	tm.Type("n")
	wait("Not opened")
	tm.Type("q")
	tm.FinalModel(t, teatest.WithFinalTimeout(finalTimeout))
	if hits, reads := h.touched(); hits != 0 || reads != 0 {
		t.Errorf("after no: %d requests, %d reads beside the checkout", hits, reads)
	}

	tm, wait = runStudioOn(t)
	wait("Open 2 sources this checkout's config lists?")
	tm.Type("a")
	wait("far-remote", "far-sibling")
	tm.Type("q")
	tm.FinalModel(t, teatest.WithFinalTimeout(finalTimeout))
	if hits, reads := h.touched(); hits == 0 || h.reads != nil && reads == 0 {
		t.Errorf("after always: %d requests, %d reads (the detectors saw nothing)", hits, reads)
	}
	a := newApp(Options{})
	root := a.newRootCmd()
	root.ParseFlags(nil)
	opts, err := a.studioOptions(root, nil)
	if err != nil || opts.Consent != nil || len(opts.ExtraSources) != 2 {
		t.Errorf("remembered: consent %+v, extra %v, %v", opts.Consent, opts.ExtraSources, err)
	}
	if ok, err := sourcetrust.Trusted(sourcetrust.DefaultPath(), h.cfg, sourcetrust.Digest([]byte("x"))); ok || err != nil {
		t.Errorf("other content trusted: %v %v", ok, err)
	}
}
