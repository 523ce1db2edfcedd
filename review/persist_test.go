package review

import (
	"strings"
	"testing"
)

// Every path and command persistenceIn looks for holds one of the words
// of its prefilter, so the prefilter never hides a finding.
func TestPersistencePrefilterCoversTargets(t *testing.T) {
	targets := append([]string{".git/hooks/", ".git\\hooks\\", "core.hooksPath", "/.ssh/authorized_keys", "crontab",
		"/etc/cron.d/", "/etc/crontab", "/var/spool/cron/", "/systemd/user/", "/etc/systemd/system/", "systemctl --user enable",
		"library/launchagents/", "library/launchdaemons/", "launchctl load", "launchctl bootstrap", "launchctl submit",
		"schtasks", "register-scheduledtask", "currentversion\\run", "currentversion/run", "programs/startup/", "programs\\startup\\"}, startupFiles...)
	for _, w := range targets {
		if !containsAny(strings.ToLower(w), persistWords) {
			t.Errorf("%q holds none of persistWords", w)
		}
	}
}

// The lines that write, and the ones that only read, a start-up file.
func TestPersistenceWrites(t *testing.T) {
	for line, want := range map[string]bool{
		`echo 'x' >> ~/.bashrc`:                                 true,
		`echo x>>"$HOME/.zshrc"`:                                true,
		`printf x | sudo tee -a /etc/profile.d/t.sh`:            true,
		`sed -i 's/a/b/' ~/.profile`:                            true,
		`with open(os.path.expanduser("~/.bashrc"), "a") as f:`: true,
		`(Path.home() / ".zshrc").open("a").write(x)`:           true,
		`fs.appendFileSync(os.homedir() + "/.bashrc", line)`:    true,
		`ln -s $PWD/rc ~/.zshrc`:                                true,
		`source ~/.bashrc`:                                      false,
		`grep -q tool ~/.bashrc || echo missing`:                false,
		`cp ~/.zshrc /tmp/zshrc.bak`:                            false,
		`cat ~/.profile > /tmp/p`:                               false,
		`diff ~/.bashrc ~/.bashrc.orig`:                         false,
		`[ -f ~/.bash_profile ] && . ~/.bash_profile`:           false,
	} {
		if got, _ := persistenceIn(line); (got != "") != want {
			t.Errorf("%s: found %q, want %v", line, got, want)
		}
	}
}
