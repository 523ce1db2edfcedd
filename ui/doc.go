// Package ui is skillstudio's studio: a Bubble Tea v2 program to browse a
// skill library, read skills rendered by glamour and watch live lint while
// editing.
//
// # Shape
//
// Model (app.go) is the root. It owns the window, the global keys, loading
// (load.go), live lint (live.go) and the status bar, and forwards the rest
// to the focused pane: the library (library.go) or the skill pane
// (skillpane.go), whose tabs are components (tab_*.go). Every screen holds
// a *Common (common.go): size, Theme, the one style sheet (styles.go), the
// one key map (keys.go) and the render cache (render.go). No colour or key
// literal lives anywhere else.
//
// The update loop never waits: finding and reading skills, library checks,
// glamour rendering, token counts, builds and file reads all run in
// tea.Cmds and come back as messages. Skills shown are never mutated; a
// re-read or a check builds a new *model.Skill and Update swaps it in, so
// commands may read them freely. Every string that comes from a skill is
// sanitised (package sanitize) before it reaches lipgloss or glamour.
//
// # Seams for the rest of skillstudio
//
// Tabs. A tab is a Tab (common.go): a Component with Title, Badge,
// Applies, SetEntry and Update. Add one with a single line in tabList
// (tabs.go), where every tab is listed in the order the pane shows them:
//
//	func(c *Common) Tab { return newReviewTab(c) },
//
// A tab gets the selected skill through SetEntry only while it is the
// active tab (tabs are updated lazily); same=true means the skill was
// re-read after a change on disk — keep selection and scroll. Results of a
// tab's own commands are delivered to every tab; check they are yours.
//
// Quiz actions. A quiz tab performs its branch actions by returning
// commands that yield these messages (seams.go):
//
//   - GotoHeadingMsg{Heading}: the Read tab shows the body scrolled there;
//   - OpenFileMsg{Path}: a file of the skill (path relative to the skill
//     folder) opens in the Read tab on the back stack (backspace returns);
//   - OpenSkillMsg{Name, ID}: selects that skill and shows its Read tab;
//   - StatusMsg{Text}: a one-line banner in the status bar.
//
// With Return set, the skill pane remembers the tab and skill the message
// came from and the back key returns there (skillpane_return.go). Tabs
// find skills anywhere in the studio through Common.Library. While a quiz
// run keeps a gate closed, the Quiz tab's BodyGate tells the pane what of
// the body the run has unlocked and the Read tab shows only that, under a
// notice (read_gate.go); outside a run it shows the whole skill. A tab that
// needs keys before the studio's own bindings (the Quiz tab's numbers while
// a question waits) implements CapturesKey.
//
// New skill (`n`) and add source (`a`). The screens table in tabs.go names
// the factory each key opens. The factory gets
// the Common and a ScreenContext (the selected skill and a local folder to
// write into) and returns a Screen, which takes over the window until it
// returns CloseScreenMsg. After writing a skill, send RescanMsg: the
// sources are searched again and new skills stream in (and are watched).
// The add-source screen (addsource.go) sends AddSourceMsg{Spec, Save};
// Save lists the spec in the user config file (Options.ConfigPath,
// edited in place by config.AddSource); `D` on a grouped library removes
// a source after a y/n question in the status bar (sources.go).
//
// Remote sources (remote.go). With Options.Remote set, a remote spec is
// opened with registry.Stream, one event per command: stub rows appear
// when the index arrives (Entry.stub; the skill pane shows a placeholder),
// each fills in when its files are read, skills that could not be fetched
// stay listed with the reason, and each source's Status.String() is shown
// in its group header and in the title. Other specs go through
// Options.Open. Remote and built-in skills are read-only; `p` copies the
// selected one into Options.PullDir with registry.Pull and selects the
// local copy once it is read.
//
// Library findings (search problems, rejected index entries, index
// checks) belong to a source; the Lint tab lists those of the skill's
// source above the skill's own, selectable and editable like them.
//
// Builds. Options.Builder (a Builder: Build(file) BuildResult) is called
// from a command whenever a local .xgs.js skill is selected or changes;
// the status bar shows the last build's size and time, or its first error.
// cli/studio.go adapts formats/xgs/bundle.Builder to it.
//
// Headless twins. RenderMarkdown is the Read tab's renderer for `show`;
// EditorCommand is how the Lint tab opens $VISUAL/$EDITOR at file:line.
package ui
