// Command gen writes a generated skill library for bench/compare.sh:
//
//	go run ./bench/gen -n 10000 DIR
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/skillstudio/skillstudio/internal/libgen"
)

func main() {
	n := flag.Int("n", 1000, "how many skills to write (a third of each format)")
	flag.Parse()
	if flag.NArg() != 1 || *n <= 0 {
		fmt.Fprintln(os.Stderr, "usage: go run ./bench/gen -n COUNT DIR")
		os.Exit(2)
	}
	if err := libgen.Generate(flag.Arg(0), *n); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}
