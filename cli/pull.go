package cli

import (
	"errors"
	"fmt"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/skillstudio/skillstudio/internal/display"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/registry"
	"github.com/skillstudio/skillstudio/sanitize"
)

func (a *app) newPullCmd() *cobra.Command {
	var (
		dir        string
		yes, check bool
	)
	cmd := &cobra.Command{
		Use:   "pull SOURCE NAME | pull --check",
		Short: "Review one skill from a source, then copy it into a local folder",
		Long: `pull copies the skill NAME from SOURCE (github:OWNER/REPO[@REF][//DIR], an
https:// index, registry.json or skill URL, a domain publishing well-known
skills, or a local folder) into --dir, where it can be edited and built.

First it shows the skill's security review (see skillstudio review): the
verdict, and every warning and error at file:line:col. On a terminal it
then asks before copying; --yes skips the question for scripts, and
without a terminal pull refuses unless --yes is given.

It never overwrites: when the destination exists, nothing is written. The
copy appears whole or not at all. Nothing pulled is run or made executable.

Each pull records the skill in --dir/skillstudio.lock (JSON, worth
committing): its name, format and path, the SOURCE and ref asked for, a
sha256 digest of its files and whether the source's own digest verified
them, and the review verdict at the time.

pull --check reads that lock file and, writing nothing, fetches each
skill again and reports which changed upstream and how their review
changed. It exits 1 when any skill changed or could not be checked.
The lock file comes with the checkout, so a source in it on this machine
or a private network (localhost, 127.0.0.1, 10.x, 169.254.169.254, …)
is not fetched, which would let a pull request make the checking machine
query its own services; --allow-private-hosts fetches them (a local test
server you pulled from). Every remote fetch, with or without --check,
also refuses a host name that resolves to such an address, checked on the
address actually connected to (redirects included); --allow-private-hosts
lifts that too.`,
		Example: `  skillstudio pull github:acme/skills web-summary
  skillstudio pull https://example.com code-review --dir skills --yes
  skillstudio pull --check --dir skills`,
		Args: func(cmd *cobra.Command, args []string) error {
			if check {
				return cobra.NoArgs(cmd, args)
			}
			return cobra.ExactArgs(2)(cmd, args)
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if check {
				return a.runPullCheck(cmd, dir, a.remote.AllowPrivateHosts)
			}
			return a.runPull(cmd, args[0], args[1], dir, yes)
		},
	}
	cmd.Flags().StringVarP(&dir, "dir", "d", ".", "folder to copy the skill into (and where skillstudio.lock lives)")
	cmd.Flags().BoolVarP(&yes, "yes", "y", false, "copy without asking, after printing the review")
	cmd.Flags().BoolVar(&check, "check", false, "report which pulled skills changed upstream, writing nothing")
	return a.addRemoteFlags(cmd)
}

func (a *app) runPull(cmd *cobra.Command, source, name, dir string, yes bool) error {
	ctx := cmd.Context()
	out := cmd.OutOrStdout()
	o, err := registry.OpenSource(ctx, source, a.remote)
	if err != nil {
		return usageError{err}
	}
	s, err := registry.FindSkill(ctx, o, name, model.Options{})
	if err != nil {
		return usageError{err}
	}
	printSourceNotes(out, source, o.Notes)
	rep := printPullReview(out, s, source)
	if !yes {
		ok, err := a.confirm(cmd, fmt.Sprintf("Copy %s into %s? [y/N] ", sanitize.Line(s.Name), dir))
		if err != nil {
			return usageError{err}
		}
		if !ok {
			fmt.Fprintln(out, "nothing pulled")
			return exitError{1}
		}
	}
	p, err := registry.PullSkill(o, s, dir)
	if err != nil {
		if errors.Is(err, registry.ErrExists) {
			return err
		}
		return usageError{err}
	}
	entry := registry.EntryFor(source, p, lockReview(rep.Verdict))
	if err := registry.Record(dir, entry); err != nil {
		return fmt.Errorf("pulled %s, but could not record it in %s: %w", p.Dest, filepath.Join(dir, registry.LockFileName), err)
	}
	fmt.Fprintf(out, "pulled %s (%s, %s) into %s; recorded in %s\n",
		sanitize.Line(p.Skill.Name), p.Skill.Format.Label(), display.Plural(p.Files, "file"), p.Dest, filepath.Join(dir, registry.LockFileName))
	return nil
}
