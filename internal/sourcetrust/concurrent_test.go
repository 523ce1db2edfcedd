package sourcetrust

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// helperEnv makes the test binary a `trust` run: it allows the files
// named in the environment, one after another, then exits.
const helperEnv = "SOURCETRUST_HELPER_STATE"

func TestMain(m *testing.M) {
	if st := os.Getenv(helperEnv); st != "" {
		prefix := os.Getenv("SOURCETRUST_HELPER_PREFIX")
		for i := range 20 {
			if err := Allow(st, fmt.Sprintf("%s-%d/.skillstudio.yaml", prefix, i), Digest([]byte(prefix))); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func countEntries(t *testing.T, st string) int {
	t.Helper()
	s, err := load(st)
	if err != nil {
		t.Fatal(err)
	}
	return len(s.Trusted)
}

// Several processes trusting at the same instant keep every entry: each
// read-modify-write holds the lock beside the state file (before it, a
// run read the file, another wrote it, and the first wrote over it).
func TestConcurrentProcessesKeepEveryEntry(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	st := filepath.Join(t.TempDir(), "state", "trusted-sources.json")
	const procs = 4
	cmds := make([]*exec.Cmd, procs)
	for p := range procs {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), helperEnv+"="+st, fmt.Sprintf("SOURCETRUST_HELPER_PREFIX=/checkout%d", p))
		cmd.Stderr = os.Stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds[p] = cmd
	}
	for _, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Fatal(err)
		}
	}
	if n := countEntries(t, st); n != procs*20 {
		t.Fatalf("%d entries kept, want %d", n, procs*20)
	}
	info, err := os.Stat(st)
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("state file mode: %v %v", info, err)
	}
}

// The same within one process (two studios' goroutines do not exist, but
// flock locks per open file, so this is the cheap form of the race), and
// through a link: both names lock the one target.
func TestConcurrentGoroutinesKeepEveryEntryThroughALink(t *testing.T) {
	dir := t.TempDir()
	st := filepath.Join(dir, "real.json")
	link := filepath.Join(dir, "trusted-sources.json")
	if err := os.WriteFile(st, []byte(`{"version":1,"trusted":[]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(st, link); err != nil {
		t.Skip(err)
	}
	var wg sync.WaitGroup
	for g := range 8 {
		name := st
		if g%2 == 1 {
			name = link
		}
		wg.Go(func() {
			for i := range 25 {
				if err := Allow(name, fmt.Sprintf("/c%d-%d/.skillstudio.yaml", g, i), Digest(nil)); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	if n := countEntries(t, link); n != 8*25 {
		t.Fatalf("%d entries kept, want %d", n, 8*25)
	}
	if info, err := os.Lstat(link); err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced: %v %v", info, err)
	}
}
