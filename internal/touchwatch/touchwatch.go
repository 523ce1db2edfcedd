// Package touchwatch lets tests see whether anything opened or read files
// under a folder: the proof that a source nobody consented to was left
// alone. It uses inotify (Linux); elsewhere Start reports it cannot watch
// and the test skips that half.
package touchwatch

// Watch counts opens and reads under the folders it was started on.
type Watch interface {
	// Touches drains the events so far and returns the running count.
	Touches() int
	Close()
}
