package registry

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"path"
	"strings"
	"sync"

	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/internal/workqueue"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/sanitize"
)

// RemoteRules are the findings about remote sources; they live in formats
// so that `rules`, SARIF and config know them like every other rule.
var RemoteRules = formats.RemoteRules

// VerifiedField is the display row (Skill.Fields, the Info tab) a skill
// from a digest-carrying index gets: Value "sha256:… verified". Code reads
// the typed Skill.Digest instead (Verified).
const VerifiedField = "integrity"

// Verified reports whether s came from a discovery index whose digest its
// content matched, and the digest.
func Verified(s *model.Skill) (bool, string) {
	return s.Digest != "", s.Digest
}

// Withheld is a skill an index names that was not used: its files could
// not be fetched, or their digest is not the one the index promises.
type Withheld struct {
	Entry Entry
	// Mismatch is true when the content's digest differs from the
	// index's (republished or tampered with); false when fetching failed.
	Mismatch bool
	// Why is the finding that says what happened (also in Opened.Notes).
	Why model.Diagnostic
}

// Entry is one skill as its index or listing names it, before its files
// arrive: enough for a row in a list.
type Entry struct {
	Name        string
	Description string
	Version     string
	// Format is "" until the listing shows which format the folder holds.
	Format model.Format
	// Path is the skill's folder (or .xgs.js file) inside the source's FS.
	Path string
	// URL is where its main file or archive is fetched from.
	URL string
	// Digest is the sha256:… the index promises, "" when it gives none.
	Digest string
}

// Stub turns the entry into a skill row to show until the real one is
// read. It carries the index's (sanitised) name and description only.
func (e Entry) Stub(base model.Location) *model.Skill {
	loc := base
	loc.Dir, loc.File = e.Path, e.Path
	return &model.Skill{Format: e.Format, Name: sanitize.Line(e.Name), Description: sanitize.Line(e.Description), Version: sanitize.Line(e.Version), Location: loc}
}

// EventKind says what an Event carries.
type EventKind int

const (
	// EventListed: Entries are skills the index names (more may follow,
	// for a GitHub folder listing that arrives folder by folder).
	EventListed EventKind = iota
	// EventSkill: Skill is one skill read in full from fetched files.
	EventSkill
	// EventStatus: Status changed (a skill failed, the cache was used…).
	EventStatus
	// EventDone is always the last event: Opened is the whole source
	// (Err nil), or Err says why it could not be opened at all.
	EventDone
	// EventWithheld: Withheld is a skill the index names that is not
	// used (digest mismatch, fetch failed); it comes before EventDone.
	EventWithheld
)

// Event is one message of Stream.
type Event struct {
	Source  string
	Kind    EventKind
	Entries []Entry
	Skill   *model.Skill
	Status  Status
	Opened  Opened
	Err     error
	// Withheld is set on EventWithheld.
	Withheld *Withheld
}

// State is where a source is in its life.
type State int

const (
	StateLoading State = iota
	StateOK
	StateError
)

// Status is a source's status line: what the studio shows per source.
type Status struct {
	State State
	// Skills is how many the index lists; Loaded how many are read.
	Skills, Loaded int
	// Failed counts skills whose files could not be fetched or verified.
	Failed int
	// Cached: every response came from the cache. Stale: some cached copy
	// could not be confirmed current. Offline: --offline was given.
	Cached, Stale, Offline bool
	// Err is why the source could not be opened (StateError).
	Err error
}

// String is the status line, e.g. "ok · 12 skills · cached".
func (s Status) String() string {
	var parts []string
	switch s.State {
	case StateLoading:
		parts = append(parts, fmt.Sprintf("loading %d/%d", s.Loaded, s.Skills))
	case StateOK:
		parts = append(parts, "ok", plural(s.Skills, "skill"))
	case StateError:
		msg := "error"
		if s.Err != nil {
			msg += ": " + sanitize.Line(s.Err.Error())
		}
		return msg
	}
	if s.Failed > 0 {
		parts = append(parts, fmt.Sprintf("%d failed", s.Failed))
	}
	if s.Offline {
		parts = append(parts, "offline")
	}
	if s.Cached {
		parts = append(parts, "cached")
	}
	if s.Stale {
		parts = append(parts, "stale")
	}
	return strings.Join(parts, " · ")
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// Open opens a remote source and fetches every skill's files before it
// returns, for the CLI (list, lint, pull). The Opened reads like a local
// folder: Opened.Load and the load pipeline work on it unchanged. err is
// set only when the source cannot be opened at all (no index, bad spec);
// problems with single skills are in Opened.Notes.
func Open(ctx context.Context, spec string, opts RemoteOptions) (Opened, error) {
	r, err := newRemote(spec, opts, model.Options{}, nil)
	if err != nil {
		return Opened{}, err
	}
	return r.run(ctx)
}

// Stream opens a remote source for the studio, which must never wait on
// the network. The returned channel yields, in order:
//
//   - EventStatus (StateLoading) at once;
//   - EventListed with the index's entries as soon as the index arrives
//     (rows to show: Entry.Stub), possibly several times for a GitHub
//     folder listing;
//   - EventSkill for each skill once its files are fetched and read by
//     formats.Load with mopts (at most RemoteOptions.PerHost requests at
//     a time per host); EventStatus when a skill fails;
//   - EventDone last, with the final Status and either the Opened source
//     (search it with formats.Search and run formats.Check over every
//     source's skills for the library findings, as the studio does) or
//     Err.
//
// The channel is closed after EventDone. Read it from a tea.Cmd, one event
// per Cmd (func() tea.Msg { return <-ch }); cancel ctx to stop early (the
// channel is then closed without further events being required to be
// read). No event holds terminal code; every remote string in Entries and
// errors is sanitised, and skill text must be sanitised before display as
// everywhere.
func Stream(ctx context.Context, spec string, opts RemoteOptions, mopts model.Options) <-chan Event {
	ch := make(chan Event, 64)
	go func() {
		defer close(ch)
		emit := func(e Event) {
			e.Source = spec
			select {
			case ch <- e:
			case <-ctx.Done():
			}
		}
		r, err := newRemote(spec, opts, mopts, emit)
		if err != nil {
			emit(Event{Kind: EventDone, Status: Status{State: StateError, Err: err}, Err: err})
			return
		}
		emit(Event{Kind: EventStatus, Status: r.status()})
		o, err := r.run(ctx)
		emit(Event{Kind: EventDone, Status: r.status(), Opened: o, Err: err})
	}()
	return ch
}

// remote is one source being opened: the resolver for its kind fills the
// FS through the fetch helpers below.
type remote struct {
	spec  Spec
	opts  RemoteOptions
	mopts model.Options
	f     *fetcher
	fs    *memFS
	base  model.Location
	root  string // Opened.Root
	emit  func(Event)

	// jobs fetches skills on a few workers: an index of 10,000 entries
	// queues 10,000 closures, not 10,000 goroutines each waiting on the
	// per-host gate.
	jobs *workqueue.Queue
	mu   sync.Mutex
	ents []Entry
	// notes are library-level findings; verified maps a skill's FS path
	// to the digest its content matched.
	notes     []model.Diagnostic
	verified  map[string]string
	withheld  []Withheld
	loaded    int
	failed    int
	fatal     error
	finished  bool
	indexPath string
}

func newRemote(raw string, opts RemoteOptions, mopts model.Options, emit func(Event)) (*remote, error) {
	spec, err := ParseSpec(raw)
	if err != nil {
		return nil, err
	}
	opts = opts.withDefaults()
	fsys := newMemFS()
	return &remote{
		spec: spec, opts: opts, mopts: mopts, f: newFetcher(opts), fs: fsys, emit: emit,
		jobs: workqueue.New(fetchWorkers(opts)),
		base: model.Location{Source: raw, FS: fsys}, root: ".", verified: map[string]string{},
	}, nil
}

func (r *remote) run(ctx context.Context) (Opened, error) {
	defer r.f.close()
	// A deadline per source: a server answering every request just
	// inside the per-request timeout cannot hold a run for hours.
	ctx, cancel := context.WithTimeout(ctx, r.opts.SourceTimeout)
	defer cancel()
	var err error
	switch r.spec.Kind {
	case SpecGitHub:
		err = r.openGitHub(ctx)
	case SpecIndex:
		err = r.openIndexURL(ctx)
	case SpecWellKnown:
		err = r.openWellKnown(ctx)
	case SpecXgooseIndex:
		err = r.openXgoose(ctx)
	case SpecRawXGS, SpecRawSkillMD:
		err = r.openRawFile(ctx)
	default:
		err = fmt.Errorf("%s: unknown source kind", sanitize.Line(r.spec.Raw))
	}
	r.jobs.Wait()
	if err == nil && ctx.Err() != nil {
		err = ctx.Err()
		if errors.Is(err, context.DeadlineExceeded) {
			err = fmt.Errorf("%s: gave up after %v, the deadline for one source", sanitize.Line(r.spec.Raw), r.opts.SourceTimeout)
		}
	}
	at := r.indexFile()
	r.mu.Lock()
	r.fatal, r.finished = err, true
	if r.f.stale.Load() > 0 {
		r.notes = append(r.notes, RemoteRules.New("remote/stale-cache", at, 0, 0,
			fmt.Sprintf("%d file(s) came from the cache and may be out of date", r.f.stale.Load()),
			"Open the source again without --offline when the server is reachable."))
	}
	notes := append([]model.Diagnostic(nil), r.notes...)
	withheld := append([]Withheld(nil), r.withheld...)
	r.mu.Unlock()
	if err != nil {
		return Opened{}, err
	}
	model.SortDiagnostics(notes)
	return Opened{Base: r.base, Root: r.root, Notes: notes, Annotate: r.annotate, Withheld: withheld}, nil
}

// indexFile is the FS path findings about the whole source point at:
// its index when it has one.
func (r *remote) indexFile() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.indexPath != "" {
		return r.indexPath
	}
	return "."
}

func (r *remote) status() Status {
	r.mu.Lock()
	defer r.mu.Unlock()
	s := Status{State: StateLoading, Skills: len(r.ents), Loaded: r.loaded, Failed: r.failed, Offline: r.opts.Offline}
	s.Cached = r.f.downloaded.Load() == 0 && r.f.cacheHits.Load()+r.f.revalidated.Load() > 0
	s.Stale = r.f.stale.Load() > 0
	if r.fatal != nil {
		s.State, s.Err = StateError, r.fatal
	} else if r.finished {
		s.State = StateOK
	}
	return s
}

// annotate records verification on skills read from this source.
func (r *remote) annotate(s *model.Skill) {
	r.mu.Lock()
	digest, ok := r.verified[s.Location.Dir]
	if !ok && s.Format == model.FormatXGS {
		digest, ok = r.verified[s.Location.File]
	}
	r.mu.Unlock()
	if ok {
		s.Digest = digest
		s.Fields = append(s.Fields, model.Field{Name: VerifiedField, Value: digest + " verified"})
	}
}

// note records a library-level finding; echoed remote text is sanitised
// by the caller.
func (r *remote) note(d model.Diagnostic) {
	r.mu.Lock()
	r.notes = append(r.notes, d)
	r.mu.Unlock()
}

// list announces entries found by an index or listing.
func (r *remote) list(es ...Entry) {
	if len(es) == 0 {
		return
	}
	r.mu.Lock()
	r.ents = append(r.ents, es...)
	r.mu.Unlock()
	if r.emit != nil {
		r.emit(Event{Kind: EventListed, Entries: es, Status: r.status()})
	}
}

// spawn queues a detail job, run in index order on the fetch workers;
// run waits for all of them. It never blocks, so a job may spawn more.
func (r *remote) spawn(job func()) { r.jobs.Go(job) }

// fetchWorkers is how many detail jobs run at once: twice the per-host
// request cap, so one host's gate stays full while finished skills are
// read, and memory stays flat however many entries an index lists.
func fetchWorkers(o RemoteOptions) int { return 2 * o.PerHost }

// fileJob is one file of a skill to fetch.
type fileJob struct {
	fsPath   string
	url      string
	want     expect
	optional bool   // a 404 means "absent", not an error
	digest   string // sha256:… it must match, "" for none
}

// fetchSkill fetches a skill's files together and adds them to the FS
// only when every required one arrived (and matched its digest), so a
// half-fetched skill is never read. It reports the outcome to the stream.
func (r *remote) fetchSkill(ctx context.Context, e Entry, indexFile string, jobs []fileJob) {
	type result struct {
		data []byte
		err  error
	}
	results := make([]result, len(jobs))
	var wg sync.WaitGroup
	for i, j := range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			resp, err := r.f.get(ctx, j.url, j.want)
			if err != nil {
				results[i].err = err
				return
			}
			results[i].data = resp.Body
		}()
	}
	wg.Wait()
	files := map[string][]byte{}
	for i, j := range jobs {
		res := results[i]
		if res.err != nil {
			if j.optional && errors.Is(res.err, ErrNotFound) {
				continue
			}
			r.failSkill(e, RemoteRules.New("remote/fetch-failed", indexFile, 0, 0,
				fmt.Sprintf("skill %s: %s", sanitize.Line(e.Name), res.err.Error()),
				"Check that the index points at published files, or try again later."))
			return
		}
		if j.digest != "" {
			if got := sha256Digest(res.data); got != j.digest {
				r.failSkill(e, RemoteRules.New("remote/digest-mismatch", indexFile, 0, 0,
					fmt.Sprintf("skill %s: %s has digest %s but the index promises %s; not used", sanitize.Line(e.Name), sanitize.Line(j.url), got, sanitize.Line(j.digest)),
					"The content changed since the index was published, or was tampered with; ask the publisher to update the index."))
				return
			}
		}
		files[j.fsPath] = res.data
	}
	for p, data := range files {
		r.fs.add(p, data)
	}
	if e.Digest != "" {
		r.mu.Lock()
		r.verified[e.Path] = e.Digest
		r.mu.Unlock()
	}
	r.skillReady(e)
}

// skillReady reads a fetched skill for the stream.
func (r *remote) skillReady(e Entry) {
	r.mu.Lock()
	r.loaded++
	r.mu.Unlock()
	if r.emit == nil {
		return
	}
	c, ok := formats.Detect(r.fs, e.Path)
	if !ok {
		r.emit(Event{Kind: EventStatus, Status: r.status()})
		return
	}
	// The studio applies its rule config to the skill (it has it; this
	// stream does not).
	s := formats.Read(formats.Source{Base: r.base, Annotate: r.annotate}, c, r.mopts, nil)
	r.emit(Event{Kind: EventSkill, Skill: s, Status: r.status()})
}

func (r *remote) failSkill(e Entry, d model.Diagnostic) {
	w := &Withheld{Entry: e, Mismatch: d.Rule == "remote/digest-mismatch", Why: d}
	r.mu.Lock()
	r.failed++
	r.notes = append(r.notes, d)
	r.withheld = append(r.withheld, *w)
	r.mu.Unlock()
	if r.emit != nil {
		r.emit(Event{Kind: EventWithheld, Withheld: w, Status: r.status()})
	}
}

func sha256Digest(b []byte) string {
	sum := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// entryName picks a display name for an index entry that has none.
func entryName(p string) string {
	return strings.TrimSuffix(path.Base(p), ".xgs.js")
}
