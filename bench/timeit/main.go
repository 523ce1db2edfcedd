//go:build unix

// Command timeit runs a command and a baseline alternately, several
// times each, and prints one row of bench/compare.sh's table: the
// command's median and min–max wall time and peak memory, the baseline's,
// and the ratio of the medians. Both are run with bash -c, so they can be
// pipelines. hyperfine gives no peak memory, hence this small loop.
//
//	go run ./bench/timeit -runs 5 -label "lint 10k" -cmd "skillstudio lint lib" -base "find lib -type f | xargs cat >/dev/null"
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"syscall"
	"time"
)

type sample struct {
	wall time.Duration
	rss  int64 // KiB
	cpu  time.Duration
}

func run(shell string) (sample, error) {
	cmd := exec.Command("bash", "-c", shell)
	cmd.Stdout, cmd.Stderr = nil, os.Stderr
	start := time.Now()
	err := cmd.Run()
	s := sample{wall: time.Since(start)}
	if cmd.ProcessState == nil {
		return s, err
	}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		s.rss = ru.Maxrss
		s.cpu = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	if _, exit := err.(*exec.ExitError); exit {
		err = nil // lint exits 1 when it finds errors: still a timing
	}
	return s, err
}

type summary struct {
	med, lo, hi, cpu time.Duration
	rss              int64
}

func summarize(ss []sample) summary {
	walls := make([]time.Duration, len(ss))
	var rss int64
	var cpu time.Duration
	for i, s := range ss {
		walls[i] = s.wall
		rss = max(rss, s.rss)
		cpu += s.cpu
	}
	slices.Sort(walls)
	return summary{med: walls[len(walls)/2], lo: walls[0], hi: walls[len(walls)-1], rss: rss, cpu: cpu / time.Duration(len(ss))}
}

func ms(d time.Duration) string {
	f := float64(d.Microseconds()) / 1000
	switch {
	case f >= 100:
		return fmt.Sprintf("%.0f", f)
	case f >= 10:
		return fmt.Sprintf("%.1f", f)
	}
	return fmt.Sprintf("%.2f", f)
}

func (s summary) String() string {
	return fmt.Sprintf("%s ms (%s–%s) %s MiB", ms(s.med), ms(s.lo), ms(s.hi), fmt.Sprint((s.rss+512)/1024))
}

func main() {
	runs := flag.Int("runs", 5, "runs of each")
	label := flag.String("label", "", "the row's name")
	cmd := flag.String("cmd", "", "the command measured (bash)")
	base := flag.String("base", "", "the baseline it is compared with (bash)")
	flag.Parse()
	if *cmd == "" || *base == "" || *runs < 1 {
		fmt.Fprintln(os.Stderr, "usage: timeit -runs N -label NAME -cmd CMD -base BASELINE")
		os.Exit(2)
	}
	// One untimed run of each warms the page cache, as a person's second
	// run would be.
	for _, c := range []string{*cmd, *base} {
		if _, err := run(c); err != nil {
			fmt.Fprintf(os.Stderr, "timeit: %s: %v\n", c, err)
			os.Exit(1)
		}
	}
	var cs, bs []sample
	for range *runs {
		for _, pair := range []struct {
			c   string
			out *[]sample
		}{{*cmd, &cs}, {*base, &bs}} {
			s, err := run(pair.c)
			if err != nil {
				fmt.Fprintf(os.Stderr, "timeit: %s: %v\n", pair.c, err)
				os.Exit(1)
			}
			*pair.out = append(*pair.out, s)
		}
	}
	c, b := summarize(cs), summarize(bs)
	// CPU time (mean, user + system) beside wall time: a busy neighbour
	// stretches wall time but hardly CPU time.
	fmt.Printf("| %s | %s, %s ms CPU | %s, %s ms CPU | **%.2f×** |\n", *label, c, ms(c.cpu), b, ms(b.cpu), float64(c.med)/float64(b.med))
}
